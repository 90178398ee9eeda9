import type { WorkflowDefinition, WorkflowStep } from '@attest/shared';

// The wizard walks the steps that apply, in definition order. One can go back to any of them and
// forward only as far as the first step not yet submitted.
export function wizardSequence(
  definition: WorkflowDefinition,
  steps: readonly WorkflowStep[],
): WorkflowStep[] {
  const byTag = new Map(steps.map((s) => [s.tag, s]));
  return definition.step_groups
    .flatMap((g) => g.steps.map((s) => byTag.get(s.tag)))
    .filter((s): s is WorkflowStep => s !== undefined && s.state !== 'hidden');
}

export function canMoveTo(sequence: readonly WorkflowStep[], index: number): boolean {
  const target = sequence[index];
  if (!target) return false;
  return sequence.slice(0, index).every((s) => s.state === 'completed') || target.state !== 'disabled';
}
