import {
  type FieldDefinition,
  type StepDefinition,
  type StepGroupDefinition,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
  type WorkflowDetail,
} from '@attest/shared';

// A definition version never changes once published, so each is parsed once per page load.
const parsed = new Map<number, WorkflowDefinition | null>();

export function definitionOf(detail: Pick<WorkflowDetail, 'definition_id' | 'definition'>) {
  const known = parsed.get(detail.definition_id);
  if (known !== undefined) return known;
  const result = WorkflowDefinitionSchema.safeParse(detail.definition);
  const definition = result.success ? result.data : null;
  parsed.set(detail.definition_id, definition);
  return definition;
}

export type StepEntry = { group: StepGroupDefinition; step: StepDefinition };

export function stepEntries(definition: WorkflowDefinition): Map<string, StepEntry> {
  return new Map(
    definition.step_groups.flatMap((group) => group.steps.map((step) => [step.tag, { group, step }])),
  );
}

export function fieldsByTag(definition: WorkflowDefinition): Map<string, FieldDefinition> {
  return new Map(
    definition.step_groups.flatMap((g) => g.steps.flatMap((s) => s.fields.map((f) => [f.tag, f] as const))),
  );
}
