import { type CreateThreadRequest, flattenSteps, type Thread, type WorkflowDefinition } from '@attest/shared';

// What a comments panel is about: the workflow, one of its steps or one of its fields.
export type CommentTarget =
  | { kind: 'workflow' }
  | { kind: 'step'; stepTag: string }
  | { kind: 'field'; fieldTag: string };

export function targetOfThread(thread: Pick<Thread, 'step_tag' | 'field_tag'>): CommentTarget {
  if (thread.field_tag) return { kind: 'field', fieldTag: thread.field_tag };
  if (thread.step_tag) return { kind: 'step', stepTag: thread.step_tag };
  return { kind: 'workflow' };
}

export function requestOf(target: CommentTarget): CreateThreadRequest {
  if (target.kind === 'field') return { field_tag: target.fieldTag };
  if (target.kind === 'step') return { step_tag: target.stepTag };
  return {};
}

// The existing thread of a target, if any (a field's thread is found by its field tag alone).
export function findThread(
  threads: readonly Thread[] | undefined,
  target: CommentTarget,
): Thread | undefined {
  return threads?.find((thread) => {
    if (target.kind === 'field') return thread.field_tag === target.fieldTag;
    if (target.kind === 'step') return thread.step_tag === target.stepTag && thread.field_tag === null;
    return thread.step_tag === null && thread.field_tag === null;
  });
}

// The step's name or the field's label as the definition says them.
export function targetName(definition: WorkflowDefinition, target: CommentTarget): string | null {
  const steps = flattenSteps(definition);
  if (target.kind === 'step') return steps.find((s) => s.tag === target.stepTag)?.name ?? target.stepTag;
  if (target.kind === 'field') {
    const field = steps.flatMap((s) => s.fields).find((f) => f.tag === target.fieldTag);
    return field?.label ?? target.fieldTag;
  }
  return null;
}
