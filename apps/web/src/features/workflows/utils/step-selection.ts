import type { WorkflowDefinition, WorkflowStep } from '@attest/shared';

export type StepSelection = { group: string; step: string };

type Sources = { definition: WorkflowDefinition; steps: readonly WorkflowStep[] };

function groupOf(definition: WorkflowDefinition, stepTag: string): string | undefined {
  return definition.step_groups.find((g) => g.steps.some((s) => s.tag === stepTag))?.tag;
}

// The step to open first: the user's own open task, else any open step, else the first that applies.
export function defaultStep({ definition, steps }: Sources, within?: string): string | undefined {
  const byTag = new Map(steps.map((s) => [s.tag, s]));
  const candidates = definition.step_groups
    .filter((g) => within === undefined || g.tag === within)
    .flatMap((g) => g.steps.map((s) => byTag.get(s.tag)))
    .filter((s): s is WorkflowStep => s !== undefined && s.state !== 'hidden');
  return (
    candidates.find((s) => s.state === 'enabled' && s.is_my_task) ??
    candidates.find((s) => s.state === 'enabled') ??
    candidates[0]
  )?.tag;
}

// Deep links (issue 4): ?group=<step_group_tag>&step=<step_tag>. A step that exists and applies wins;
// else a known group opens its first open step; else the workflow's default step.
export function resolveSelection(
  sources: Sources,
  params: { group: string | null; step: string | null },
): StepSelection | undefined {
  const { definition, steps } = sources;
  const linked = steps.find((s) => s.tag === params.step && s.state !== 'hidden');
  const linkedGroup = linked && groupOf(definition, linked.tag);
  if (linked && linkedGroup) return { group: linkedGroup, step: linked.tag };
  const knownGroup = definition.step_groups.some((g) => g.tag === params.group) ? params.group : null;
  const step = (knownGroup !== null ? defaultStep(sources, knownGroup) : undefined) ?? defaultStep(sources);
  const group = step && groupOf(definition, step);
  return step && group ? { group, step } : undefined;
}

// After a submission: a step the submission opened, else the default step.
export function stepAfterSubmit(
  definition: WorkflowDefinition,
  before: readonly WorkflowStep[],
  after: readonly WorkflowStep[],
): string | undefined {
  const wasOpen = new Set(before.filter((s) => s.state === 'enabled').map((s) => s.tag));
  const order = definition.step_groups.flatMap((g) => g.steps.map((s) => s.tag));
  const byTag = new Map(after.map((s) => [s.tag, s]));
  const opened = order.find((tag) => byTag.get(tag)?.state === 'enabled' && !wasOpen.has(tag));
  return opened ?? defaultStep({ definition, steps: after });
}
