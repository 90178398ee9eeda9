import {
  flattenSteps,
  WORKFLOW_MOVE_REASON_MESSAGES,
  type WorkflowDefinition,
  type WorkflowMoveReason,
  type WorkflowMoveReasonCode,
} from '@attest/shared';
import type { WorkflowMoveFacts } from '../workflows/index.js';

// Whether a running workflow can move from its definition to the target, and why not (issue 15).
// Steps and answers map by tag; nothing a participant did may be lost, so a workflow is refused when
// the target lacks a step that is open, holds answers or was submitted, or a field that holds an
// answer (a field the target keeps in another step takes its answers along).
export type MovePlan = { movable: boolean; reasons: WorkflowMoveReason[] };

export function planMove(
  from: WorkflowDefinition,
  to: WorkflowDefinition,
  facts: WorkflowMoveFacts,
  completedSteps: readonly string[],
): MovePlan {
  const targetSteps = new Set(flattenSteps(to).map((s) => s.tag));
  const targetFields = new Set(flattenSteps(to).flatMap((s) => s.fields.map((f) => f.tag)));
  const fromSteps = flattenSteps(from);
  const stepNames = new Map(fromSteps.map((s) => [s.tag, s.name]));
  const fieldNames = new Map(fromSteps.flatMap((s) => s.fields.map((f) => [f.tag, f.label] as const)));
  const reasons: WorkflowMoveReason[] = [];
  const reason = (code: WorkflowMoveReasonCode, stepTag: string | null, fieldTag: string | null) => {
    const name = fieldTag
      ? (fieldNames.get(fieldTag) ?? fieldTag)
      : (stepNames.get(stepTag ?? '') ?? stepTag ?? '');
    reasons.push({
      code,
      message: WORKFLOW_MOVE_REASON_MESSAGES[code](name),
      step_tag: stepTag,
      field_tag: fieldTag,
    });
  };

  const lostAnswers = facts.answered.filter((a) => !targetFields.has(a.field_tag));
  for (const step of facts.steps) {
    if (targetSteps.has(step.step_tag)) continue;
    if (step.state === 'enabled') reason('open_step_removed', step.step_tag, null);
    else if (lostAnswers.some((a) => a.step_tag === step.step_tag))
      reason('removed_step_with_answers', step.step_tag, null);
    else if (completedSteps.includes(step.step_tag)) reason('submitted_step_removed', step.step_tag, null);
  }
  // Answers lost in steps the target keeps (a removed step's answers are said above).
  for (const answer of lostAnswers) {
    if (targetSteps.has(answer.step_tag)) reason('answered_field_removed', answer.step_tag, answer.field_tag);
  }
  return { movable: reasons.length === 0, reasons };
}
