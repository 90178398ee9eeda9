import type { WorkflowDetail, WorkflowStep } from '@attest/shared';

export type ReadOnlyReason =
  | 'archived'
  | 'noEditRight'
  | 'hidden'
  | 'locked'
  | 'completed'
  | 'completedNoUndo'
  | 'notOpen';

// Why a step's answers cannot be changed now, the workflow-wide reason first; null when they can.
export function readOnlyReason(detail: WorkflowDetail, step: WorkflowStep): ReadOnlyReason | null {
  if (detail.archived_at !== null) return 'archived';
  if (!detail.abilities.can_edit) return 'noEditRight';
  if (step.state === 'hidden') return 'hidden';
  if (step.is_locked || detail.is_locked) return 'locked';
  // Only someone who may undo it can re-open a submitted step; the note says who.
  if (step.state === 'completed') return detail.abilities.can_undo ? 'completed' : 'completedNoUndo';
  if (step.state === 'disabled') return 'notOpen';
  return null;
}
