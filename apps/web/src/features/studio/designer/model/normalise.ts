import type { WorkflowDefinition } from '@attest/shared';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

// A working copy holds work in progress, any object per process. The designer needs the tree's
// lists to exist; whatever else is wrong stays as it is for the schema's messages to name.
export function normaliseDraft(raw: Record<string, unknown>): WorkflowDefinition {
  const kind = isObject(raw.kind) ? raw.kind : {};
  return {
    ...raw,
    kind: { ...kind, tag: String(kind.tag ?? ''), name: String(kind.name ?? '') },
    statuses: list(raw.statuses),
    step_groups: list(raw.step_groups).map((group) => ({
      ...group,
      steps: list(group.steps).map((step) => ({ ...step, fields: list(step.fields) })),
    })),
  } as unknown as WorkflowDefinition;
}
