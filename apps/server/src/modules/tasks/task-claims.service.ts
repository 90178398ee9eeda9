import { claimedMessage } from '@attest/shared';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadChangeableWorkflow, recordActivity, stepRefusal, workflowEvents } from '../workflows/index.js';
import { taskAssigneesRepository as repo } from './task-assignees.repository.js';
import { auditAssigneeChange } from './task-audit.js';
import { TaskAlreadyClaimedError, taskForbidden, taskRefusal } from './task-errors.js';
import { taskChangeEvents, taskPeople } from './task-live.js';
import { claimVerdict, mayReassign, mayUnclaim, type OfferViewer } from './task-offers.js';

export type TaskActionDeps = { realtime: RealtimePublisher; ipAddress: string | null };

function viewerName(ctx: UserContext) {
  const { user } = ctx.auth;
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

// The viewer as task-offers.ts judges them (their groups read in the action's transaction).
async function offerViewer(tx: Tx, ctx: UserContext): Promise<OfferViewer> {
  const userId = ctx.auth.user.id;
  return {
    userId,
    groupIds: await repo.groupIdsOf(tx, userId),
    mayReassign: mayReassign(ctx.auth.permissions),
  };
}

// The open step of a changeable workflow, locked with its assignees: 404 when the workflow is not
// visible, 403 when it is read only, 400 for an unknown or closed step. The step's row lock (taken
// after the workflow's, always in that order) makes two claims of one task check one after the other.
export async function lockOpenTask(tx: Tx, ctx: UserContext, workflowId: number, stepTag: string) {
  const loaded = await loadChangeableWorkflow(tx, ctx, workflowId);
  const step = await repo.lockStep(tx, loaded.row.id, stepTag);
  if (!step) throw stepRefusal('unknown_step', []);
  if (step.state !== 'enabled') throw taskRefusal('task_not_open');
  return { loaded, assignees: await repo.list(tx, loaded.row.id, stepTag) };
}

// A group task (or one nobody holds) becomes the viewer's: a claim never overrides an assignee
// (Camunda Tasklist's rule), so a task someone holds answers 409 naming them. Claiming one's own
// task again changes nothing.
export async function claimTask(ctx: UserContext, workflowId: number, stepTag: string, deps: TaskActionDeps) {
  const me = ctx.auth.user.id;
  const events = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { loaded, assignees } = await lockOpenTask(tx, ctx, workflowId, stepTag);
    const verdict = claimVerdict(assignees, await offerViewer(tx, ctx));
    if (verdict === 'yours') return null;
    if (verdict === 'held') {
      const holders = assignees.filter((a) => a.user_id !== null).map((h) => h.name);
      throw new TaskAlreadyClaimedError(claimedMessage(holders.join(', ')));
    }
    if (verdict === 'other_groups') throw taskForbidden('task_not_claimable');
    const change = { workflowId: loaded.row.id, stepTags: [stepTag] };
    const before = await taskPeople(tx, change);
    await repo.addUser(tx, {
      tenantId: ctx.tenant.id,
      workflowId: loaded.row.id,
      stepTag,
      userId: me,
      addedBy: me,
    });
    const name = viewerName(ctx);
    await recordActivity(tx, ctx.tenant.id, [
      {
        workflowId: loaded.row.id,
        action: 'added',
        event: 'task_claimed',
        actorId: me,
        stepTag,
        details: { user_id: Number(me), name },
      },
    ]);
    const added = { id: '', user_id: me, group_id: null, name };
    await auditAssigneeChange(tx, ctx, deps.ipAddress, {
      workflowId: loaded.row.id,
      stepTag,
      action: 'added',
      assignee: added,
      via: 'claim',
    });
    return taskChangeEvents(tx, ctx, change, before);
  });
  if (events)
    deps.realtime.publish([
      workflowEvents.stepChanged(ctx, String(workflowId), stepTag, 'assigned'),
      ...events,
    ]);
  return { ok: true as const };
}

// Gives a claimed task back to its group (or to nobody): only the viewer's own claim (mayUnclaim of
// task-offers.ts, the rule the list offers unclaim by).
export async function unclaimTask(
  ctx: UserContext,
  workflowId: number,
  stepTag: string,
  deps: TaskActionDeps,
) {
  const me = ctx.auth.user.id;
  const events = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { loaded, assignees } = await lockOpenTask(tx, ctx, workflowId, stepTag);
    const mine = assignees.find((a) => a.user_id === me);
    if (!mine || !mayUnclaim(assignees, await offerViewer(tx, ctx))) {
      throw taskRefusal('task_not_claimed_by_you');
    }
    const change = { workflowId: loaded.row.id, stepTags: [stepTag] };
    const before = await taskPeople(tx, change);
    await repo.remove(tx, [mine.id]);
    await recordActivity(tx, ctx.tenant.id, [
      {
        workflowId: loaded.row.id,
        action: 'removed',
        event: 'task_unclaimed',
        actorId: me,
        stepTag,
        details: { user_id: Number(me), name: mine.name },
      },
    ]);
    await auditAssigneeChange(tx, ctx, deps.ipAddress, {
      workflowId: loaded.row.id,
      stepTag,
      action: 'removed',
      assignee: mine,
      via: 'unclaim',
    });
    return taskChangeEvents(tx, ctx, change, before);
  });
  deps.realtime.publish([
    workflowEvents.stepChanged(ctx, String(workflowId), stepTag, 'unassigned'),
    ...events,
  ]);
  return { ok: true as const };
}
