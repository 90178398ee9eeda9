import type { PermissionCodename, TaskRow } from '@attest/shared';
import { REASSIGN_PERMISSION } from '../workflows/index.js';

// The one rule of what a viewer may do on an open task (issue 16): the task list offers it
// (task-rows.ts, a row's `actions`) and the claim, unclaim and reassign services enforce it, so the
// buttons never offer what the server refuses, nor hide what it allows.

export type OfferAssignee = { user_id: string | null; group_id: string | null };

export type OfferViewer = {
  userId: string;
  groupIds: ReadonlySet<string>;
  // Holds REASSIGN_PERMISSION (modules/workflows, the coordinator's right).
  mayReassign: boolean;
};

// Reassigning is the coordinator's right (REASSIGN_PERMISSION, 'Can undo a step'; the spec names no
// other): it offers the all tab and the reassign action.
export function mayReassign(permissions: ReadonlySet<PermissionCodename>): boolean {
  return permissions.has(REASSIGN_PERMISSION);
}

// What a claim would do: `claimable` takes the step; `yours` changes nothing (the viewer already
// holds it); `held` is someone else's (a claim never overrides a person assignee, Camunda Tasklist's
// rule: 409 naming them); `other_groups` belongs to groups the viewer is not in (403). A step with
// groups is claimable by their members, one with no assignee at all by anyone who may change it.
export type ClaimVerdict = 'claimable' | 'yours' | 'held' | 'other_groups';

export function claimVerdict(assignees: readonly OfferAssignee[], viewer: OfferViewer): ClaimVerdict {
  const people = assignees.filter((a) => a.user_id !== null);
  if (people.some((a) => a.user_id === viewer.userId)) return 'yours';
  if (people.length > 0) return 'held';
  const groups = assignees.filter((a) => a.group_id !== null);
  if (groups.length > 0 && !groups.some((g) => viewer.groupIds.has(g.group_id ?? ''))) return 'other_groups';
  return 'claimable';
}

// Only the viewer's own claim goes back: they are on the step as a person, and the step is one of
// their groups' or had nobody else (a claim of a step nobody held). A direct assignment shared with
// other people and no group of theirs is not a claim.
export function mayUnclaim(assignees: readonly OfferAssignee[], viewer: OfferViewer): boolean {
  const mine = assignees.find((a) => a.user_id === viewer.userId);
  if (!mine) return false;
  const others = assignees.filter((a) => a !== mine);
  return others.length === 0 || others.some((a) => a.group_id !== null && viewer.groupIds.has(a.group_id));
}

// A row's offers. `mayChange`: 'full' access to the workflow's region or business unit, which every
// action needs (the services answer 403 for a read-only workflow, loadChangeableWorkflow).
export function taskOffers(
  assignees: readonly OfferAssignee[],
  viewer: OfferViewer,
  mayChange: boolean,
): TaskRow['actions'] {
  return {
    claim: mayChange && claimVerdict(assignees, viewer) === 'claimable',
    unclaim: mayChange && mayUnclaim(assignees, viewer),
    reassign: mayChange && viewer.mayReassign,
  };
}
