import type { FieldDefinition, StepDefinition, WorkflowDefinition } from '../workflows/index.js';
import { joinTag } from '../workflows/index.js';

export type LargeDefinitionSize = { groups: number; stepsPerGroup: number; fieldsPerStep: number };

// Issue 15's scale: 300 steps and 3,000 fields, the definition schema's own bounds.
export const LARGE_DEFINITION_SIZE: LargeDefinitionSize = {
  groups: 30,
  stepsPerGroup: 10,
  fieldsPerStep: 10,
};

// One field of each common kind in turn; every fifth field is shown only when the step's first
// field (a yes/no question) is answered yes.
function field(stepTag: string, index: number): FieldDefinition {
  const tag = joinTag(stepTag, `field_${index + 1}`);
  const label = `Question ${index + 1}`;
  if (index === 0) return { tag, type: 'bool', label, required: true };
  const visible_when =
    index % 5 === 0 ? { field: joinTag(stepTag, 'field_1'), op: 'eq' as const, value: true } : undefined;
  const shown = visible_when ? { visible_when } : {};
  switch (index % 4) {
    case 1:
      return { tag, type: 'char_field', label, validation: { max_length: 200 }, ...shown };
    case 2:
      return {
        tag,
        type: 'single_select',
        label,
        options: [
          { value: 'low', label: 'Low' },
          { value: 'medium', label: 'Medium' },
          { value: 'high', label: 'High' },
        ],
        ...shown,
      };
    case 3:
      return { tag, type: 'integer', label, validation: { min: 0, max: 1000 }, ...shown };
    default:
      return { tag, type: 'text', label, help: 'Explain in a few lines.', ...shown };
  }
}

// A valid definition of the given size (the studio's diff and merge tests and bench/studio-diff.ts).
export function buildLargeDefinition(
  size: LargeDefinitionSize = LARGE_DEFINITION_SIZE,
  kindTag = 'large_process',
): WorkflowDefinition {
  const step_groups = Array.from({ length: size.groups }, (_, g) => {
    const groupTag = joinTag(kindTag, `group_${g + 1}`);
    const steps = Array.from({ length: size.stepsPerGroup }, (_, s): StepDefinition => {
      const stepTag = joinTag(groupTag, `step_${s + 1}`);
      return {
        tag: stepTag,
        name: `Step ${g + 1}.${s + 1}`,
        assignees: { group_names: [`Team ${(g % 5) + 1}`] },
        sla_hours: 24 + s,
        fields: Array.from({ length: size.fieldsPerStep }, (_, f) => field(stepTag, f)),
      };
    });
    return { tag: groupTag, name: `Stage ${g + 1}`, steps };
  });
  const firstStep = step_groups[0]?.steps[0]?.tag ?? '';
  return {
    schema_version: 1,
    version: 1,
    kind: { tag: kindTag, name: 'Large process', icon: 'list-check' },
    statuses: [
      { tag: 'open', display_name: 'Open', color_code: '#1c7ed6' },
      { tag: 'in_review', display_name: 'In Review', color_code: '#f08c00' },
      { tag: 'closed', display_name: 'Closed', color_code: '#2f9e44' },
    ],
    initial_status: 'open',
    step_groups,
    alert_rules: [
      {
        tag: 'first_answer_no',
        when: { field: joinTag(firstStep, 'field_1'), op: 'eq', value: false },
        cat_color_label: 'A',
        alert_tag: 'needs_follow_up',
        step: firstStep,
      },
    ],
  };
}
