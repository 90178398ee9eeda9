import type { ReassignTasksRequest, TaskRef } from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { recordActivity, workflowAccess, workflowEvents } from '../workflows/index.js';
import { taskAssigneesRepository as repo } from './task-assignees.repository.js';
import { auditAssigneeChange } from './task-audit.js';
import type { TaskActionDeps } from './task-claims.service.js';
import { lockOpenTask } from './task-claims.service.js';
import { taskForbidden, taskRefusal } from './task-errors.js';
import { taskChangeEvents, taskPeople } from './task-live.js';
import { mayReassign } from './task-offers.js';

type Target = { id: string; name: string };

// A coordinator hands one or many tasks to one person (ProcessMaker's manager unblocking an absent
// colleague): each step's people assignees are replaced by the target, its groups stay. All or
// nothing: any refusal (an invisible workflow, a closed step, a target who cannot see a workflow)
// rolls every task back.
export async function reassignTasks(ctx: UserContext, input: ReassignTasksRequest, deps: TaskActionDeps) {
  if (!mayReassign(ctx.auth.permissions)) throw taskForbidden('reassign_not_allowed');
  const keys = new Set(input.tasks.map((t) => `${t.workflow_id}\u0000${t.step_tag}`));
  if (keys.size !== input.tasks.length) throw taskRefusal('reassign_duplicate_task');
  // Locks are taken in one order (workflow, then step), so two reassignments cannot deadlock.
  const tasks = [...input.tasks].sort(
    (a, b) => a.workflow_id - b.workflow_id || a.step_tag.localeCompare(b.step_tag),
  );
  const events = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const target = await repo.activeUser(tx, String(input.user_id));
    if (!target) throw taskRefusal('reassign_user_not_found');
    const all: OutgoingEvent[] = [];
    for (const task of tasks) all.push(...(await reassignOne(tx, ctx, task, target, deps.ipAddress)));
    return all;
  });
  deps.realtime.publish(events);
  return { results: tasks.map((t) => ({ workflow_id: t.workflow_id, step_tag: t.step_tag })) };
}

async function reassignOne(
  tx: Tx,
  ctx: UserContext,
  task: TaskRef,
  target: Target,
  ipAddress: string | null,
) {
  const { loaded, assignees } = await lockOpenTask(tx, ctx, task.workflow_id, task.step_tag);
  const workflowId = loaded.row.id;
  if (!(await workflowAccess(tx, target.id, workflowId))) throw taskRefusal('reassign_user_cannot_see');
  const change = { workflowId, stepTags: [task.step_tag] };
  const before = await taskPeople(tx, change);
  const removed = assignees.filter((a) => a.user_id !== null && a.user_id !== target.id);
  const kept = assignees.some((a) => a.user_id === target.id);
  await repo.remove(
    tx,
    removed.map((a) => a.id),
  );
  if (!kept) {
    await repo.addUser(tx, {
      tenantId: ctx.tenant.id,
      workflowId,
      stepTag: task.step_tag,
      userId: target.id,
      addedBy: ctx.auth.user.id,
    });
  }
  await recordActivity(tx, ctx.tenant.id, [
    {
      workflowId,
      action: 'updated',
      event: 'task_reassigned',
      actorId: ctx.auth.user.id,
      stepTag: task.step_tag,
      details: {
        user_id: Number(target.id),
        name: target.name,
        from: removed.map((a) => ({ user_id: Number(a.user_id), name: a.name })),
      },
    },
  ]);
  for (const assignee of removed) {
    await auditAssigneeChange(tx, ctx, ipAddress, {
      workflowId,
      stepTag: task.step_tag,
      action: 'removed',
      assignee,
      via: 'reassign',
    });
  }
  if (!kept) {
    await auditAssigneeChange(tx, ctx, ipAddress, {
      workflowId,
      stepTag: task.step_tag,
      action: 'added',
      assignee: { id: '', user_id: target.id, group_id: null, name: target.name },
      via: 'reassign',
    });
  }
  return [
    workflowEvents.stepChanged(ctx, workflowId, task.step_tag, 'assigned'),
    ...(await taskChangeEvents(tx, ctx, change, before)),
  ];
}
