import { type TaskTab, USER_KIND } from '@attest/shared';
import { ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { mayReassign } from './task-offers.js';

// Which tabs a person is offered (docs/tasks.md "Tabs"): everyone with 'Can view tasks' their own;
// a supplier (third-party) user nothing more, since their groups' and colleagues' work is the
// tenant's; all tasks only for holders of the coordinator's right to reassign ('Can undo a step',
// step-assignee-rule.ts), the only right the spec gives over other people's steps.
export function offersTab(ctx: UserContext, tab: TaskTab): boolean {
  if (tab === 'mine') return true;
  if (ctx.auth.user.kind === USER_KIND.supplier) return false;
  if (tab === 'all') return mayReassign(ctx.auth.permissions);
  return true;
}

export const TAB_REFUSALS = {
  all: "All tasks are shown only to people allowed to reassign them ('Can undo a step').",
  supplier: 'Only your own tasks are shown to third-party users.',
} as const;

export function assertTabOffered(ctx: UserContext, tab: TaskTab): void {
  if (offersTab(ctx, tab)) return;
  const supplier = ctx.auth.user.kind === USER_KIND.supplier;
  throw new ForbiddenError(supplier ? TAB_REFUSALS.supplier : TAB_REFUSALS.all, 'task_tab_not_offered');
}
