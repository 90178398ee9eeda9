import {
  DATA_OBJECT_FIELD_MESSAGES,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
} from '@attest/shared';

// The definition schema's own messages, sorted to the element they concern so each shows next to
// it: the process (kind, statuses, initial status, alert rules), a group, a step or a field.
export type DesignerIssue = { property: string; message: string };
export type ElementKey = string;

export const processKey = 'process';
export const statusKey = (index: number) => `status:${index}`;
export const groupKey = (group: number) => `group:${group}`;
export const stepKey = (group: number, step: number) => `step:${group}:${step}`;
export const fieldKey = (group: number, step: number, field: number) => `field:${group}:${step}:${field}`;

export type DesignerIssues = {
  count: number;
  byElement: ReadonlyMap<ElementKey, readonly DesignerIssue[]>;
  // Issues of an element and everything inside it, for a group's or step's badge.
  countWithin: ReadonlyMap<ElementKey, number>;
};

type Path = readonly PropertyKey[];

function join(path: Path): string {
  return path.map(String).join('.');
}

// Where one issue belongs, and which of that element's properties it names.
export function elementOfPath(path: Path): { key: ElementKey; property: string; within: ElementKey[] } {
  const [head, a, second, b, third, c, ...rest] = path;
  if (head === 'statuses' && typeof a === 'number') {
    return { key: statusKey(a), property: join(path.slice(2)), within: [] };
  }
  if (head !== 'step_groups' || typeof a !== 'number')
    return { key: processKey, property: join(path), within: [] };
  if (second !== 'steps' || typeof b !== 'number') {
    return { key: groupKey(a), property: join(path.slice(2)), within: [] };
  }
  if (third !== 'fields' || typeof c !== 'number') {
    return { key: stepKey(a, b), property: join(path.slice(4)), within: [groupKey(a)] };
  }
  return { key: fieldKey(a, b, c), property: join(rest), within: [groupKey(a), stepKey(a, b)] };
}

// What publishing holds a definition to beyond its schema (the server's checkDataObjectTags): a
// Record (data_object) field names the object type it picks from.
function publishIssues(definition: WorkflowDefinition): { path: PropertyKey[]; message: string }[] {
  const found: { path: PropertyKey[]; message: string }[] = [];
  definition.step_groups.forEach((group, g) => {
    group.steps.forEach((step, s) => {
      step.fields.forEach((field, f) => {
        if (field.type === 'data_object' && !field.object_type_tag) {
          found.push({
            path: ['step_groups', g, 'steps', s, 'fields', f, 'object_type_tag'],
            message: DATA_OBJECT_FIELD_MESSAGES.objectTypeRequired,
          });
        }
      });
    });
  });
  return found;
}

export function validateDefinition(definition: WorkflowDefinition): DesignerIssues {
  const result = WorkflowDefinitionSchema.safeParse(definition);
  const byElement = new Map<ElementKey, DesignerIssue[]>();
  const countWithin = new Map<ElementKey, number>();
  const all = [...(result.success ? [] : result.error.issues), ...publishIssues(definition)];
  for (const issue of all) {
    const { key, property, within } = elementOfPath(issue.path);
    const list = byElement.get(key) ?? [];
    list.push({ property, message: issue.message });
    byElement.set(key, list);
    for (const outer of [key, ...within]) countWithin.set(outer, (countWithin.get(outer) ?? 0) + 1);
  }
  return { count: all.length, byElement, countWithin };
}

// The messages about one property of an element (a field's 'options', a step's 'sla_hours'), and
// those about anything under it ('options.0.value').
export function issuesFor(
  issues: readonly DesignerIssue[] | undefined,
  property: string,
): readonly DesignerIssue[] {
  if (!issues) return [];
  return issues.filter((i) => i.property === property || i.property.startsWith(`${property}.`));
}
