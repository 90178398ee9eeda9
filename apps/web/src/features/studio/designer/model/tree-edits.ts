import type {
  FieldDefinition,
  StepDefinition,
  StepGroupDefinition,
  WorkflowDefinition,
} from '@attest/shared';

// Immutable edits of one definition that copy only the path to the changed item, so every group,
// step and field left alone keeps its identity and its memoized component skips the render.

export type StepAddress = { group: number; step: number };
export type FieldAddress = StepAddress & { field: number };

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const next = items.slice();
  next[index] = item;
  return next;
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

export function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const next = items.slice();
  next.splice(Math.max(0, Math.min(index, next.length)), 0, item);
  return next;
}

export function moveWithin<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return items.slice();
  const next = items.slice();
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

export function updateGroup(
  definition: WorkflowDefinition,
  group: number,
  update: (group: StepGroupDefinition) => StepGroupDefinition,
): WorkflowDefinition {
  const current = definition.step_groups[group];
  if (!current) return definition;
  return { ...definition, step_groups: replaceAt(definition.step_groups, group, update(current)) };
}

export function updateStep(
  definition: WorkflowDefinition,
  { group, step }: StepAddress,
  update: (step: StepDefinition) => StepDefinition,
): WorkflowDefinition {
  return updateGroup(definition, group, (g) => {
    const current = g.steps[step];
    return current ? { ...g, steps: replaceAt(g.steps, step, update(current)) } : g;
  });
}

export function updateField(
  definition: WorkflowDefinition,
  { field, ...step }: FieldAddress,
  update: (field: FieldDefinition) => FieldDefinition,
): WorkflowDefinition {
  return updateStep(definition, step, (s) => {
    const current = s.fields[field];
    return current ? { ...s, fields: replaceAt(s.fields, field, update(current)) } : s;
  });
}

// A patch's undefined values remove the property, so an emptied setting leaves no key behind.
export function patchObject<T extends object>(item: T, patch: object): T {
  const next = { ...item } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

export function lastSegment(tag: string): string {
  const index = tag.lastIndexOf('__');
  return index < 0 ? tag : tag.slice(index + 2);
}

// A segment not yet used among `taken`: base, base_2, base_3, ...
export function freeSegment(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}

// A tag segment made of a person's name: lower case, letters and digits joined by single underscores.
export function segmentOf(name: string, fallback: string): string {
  const segment = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return segment || fallback;
}
