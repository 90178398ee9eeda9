import type { PermissionCodename } from '@attest/shared';

// Issue 12: who may change a step's assignees. Seeing the workflow (or changing its answers) is not
// enough, or anyone in the region could take the responsible people off a step. Allowed:
// - the step's own assignees: a person may hand the step over or add help;
// - members of a group the step is assigned to: the group shares the step;
// - holders of 'Can undo a step': the spec names no reassign permission, and this is the one that
//   already lets a coordinator take back and lock steps, i.e. control who works on them next.
// Taking oneself off a step is always allowed (removeStepUser checks that apart), and so is taking
// a step nobody holds yet (mayClaimStep).
export const REASSIGN_PERMISSION: PermissionCodename = 'can_undo_step';

type AssigneeRef = { user_id: string | null; group_id: string | null };

export function mayChangeAssignees(
  viewer: { userId: string; groupIds: ReadonlySet<string>; permissions: ReadonlySet<PermissionCodename> },
  assignees: readonly AssigneeRef[],
): boolean {
  if (viewer.permissions.has(REASSIGN_PERMISSION)) return true;
  return assignees.some(
    (a) => a.user_id === viewer.userId || (a.group_id !== null && viewer.groupIds.has(a.group_id)),
  );
}

// A step with no one on it, neither a person nor a group, may be claimed by anyone who can change
// the workflow, as in a task inbox: there is no one to take off, and a claim never overrides an
// existing assignee (Camunda Tasklist's rule).
export function mayClaimStep(viewerUserId: string, assignees: readonly AssigneeRef[], targetUserId?: string) {
  return assignees.length === 0 && targetUserId === viewerUserId;
}
