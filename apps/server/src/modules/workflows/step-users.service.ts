import { flattenSteps, type StepAssignee } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { OutgoingEvent, RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { recordNotifications } from '../notifications/index.js';
import type { TaskHooks } from './apply-change.js';
import { mayChangeAssignees, mayClaimStep } from './step-assignee-rule.js';
import { stepUsersRepository as repo } from './step-users.repository.js';
import { recordActivity } from './workflow-activity.js';
import { toAssignee } from './workflow-detail.js';
import { stepRefusal, workflowForbidden, workflowRefusal } from './workflow-errors.js';
import { stepLink, workflowEvents } from './workflow-events.js';
import { type LoadedWorkflow, loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';

function assertStep(loaded: LoadedWorkflow, stepTag: string) {
  const step = flattenSteps(loaded.definition).find((s) => s.tag === stepTag);
  if (!step) throw stepRefusal('unknown_step', []);
  return step;
}

async function assigneesOf(tx: Tx, workflowId: string, stepTag: string): Promise<StepAssignee[]> {
  return (await repo.list(tx, workflowId, stepTag)).map(toAssignee);
}

// The step is visible to the user (else 404), so refusing a change is a 403 that names the rule.
async function assertMayChange(tx: Tx, ctx: UserContext, rows: Awaited<ReturnType<typeof repo.list>>) {
  const groupIds = new Set(await repo.groupIdsOf(tx, ctx.auth.user.id));
  const viewer = { userId: ctx.auth.user.id, groupIds, permissions: ctx.auth.permissions };
  if (!mayChangeAssignees(viewer, rows)) throw workflowForbidden('assignees_not_allowed');
}

// Issue 12: every change of a step's assignees is in the audit trail, in the same transaction.
function auditChange(
  tx: Tx,
  ctx: UserContext,
  ipAddress: string | null,
  change: { workflowId: string; stepTag: string; action: 'added' | 'removed'; assignee: StepAssignee },
) {
  const { assignee } = change;
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action: 'step.assignees_changed',
    actorUserId: ctx.auth.user.id,
    targetUserId: assignee.user_id === null ? null : String(assignee.user_id),
    details: {
      workflow_id: Number(change.workflowId),
      step_tag: change.stepTag,
      change: change.action,
      user_id: assignee.user_id,
      group_id: assignee.group_id,
      name: assignee.name,
    },
    ipAddress,
  });
}

// Spec 1 §4 step users: the people and groups a step is assigned to.
export function listStepUsers(ctx: UserContext, id: number, stepTag: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, id);
    assertStep(loaded, stepTag);
    return assigneesOf(tx, loaded.row.id, stepTag);
  });
}

// `tasks`: the tasks module's hooks (issue 16), telling the people whose task lists the change touches.
type Change = { realtime: RealtimePublisher; ipAddress: string | null; tasks?: TaskHooks | null };

// A user or a group of the tenant (row-level security hides any other tenant's), added by someone
// who may change the step's assignees (step-assignee-rule.ts). A person made an assignee by someone
// else is notified.
export async function addStepUser(
  ctx: UserContext,
  id: number,
  stepTag: string,
  input: { user_id?: number | undefined; group_id?: number | undefined },
  { realtime, ipAddress, tasks }: Change,
) {
  const { assignees, events } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // The row lock on the workflow (loadChangeableWorkflow) serialises concurrent changes.
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    const { events } = await addStepUserIn(tx, ctx, loaded, stepTag, input, { ipAddress, tasks });
    return { events, assignees: await assigneesOf(tx, loaded.row.id, stepTag) };
  });
  realtime.publish(events);
  return assignees;
}

// The same in the caller's transaction, on a workflow it loaded with loadChangeableWorkflow (batch
// updates, issue 18); answers the live events to publish once that transaction commits.
export async function addStepUserIn(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  stepTag: string,
  input: { user_id?: number | undefined; group_id?: number | undefined },
  { ipAddress, tasks }: Omit<Change, 'realtime'>,
): Promise<{ events: OutgoingEvent[] }> {
  const step = assertStep(loaded, stepTag);
  const userId = input.user_id === undefined ? undefined : String(input.user_id);
  const groupId = input.group_id === undefined ? undefined : String(input.group_id);
  const current = await repo.list(tx, loaded.row.id, stepTag);
  if (!mayClaimStep(ctx.auth.user.id, current, userId)) await assertMayChange(tx, ctx, current);
  let name: string;
  if (userId !== undefined) {
    const user = await repo.user(tx, userId);
    if (!user) throw workflowRefusal('user_not_found');
    name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  } else {
    const group = await repo.group(tx, groupId ?? '');
    if (!group) throw workflowRefusal('group_not_found');
    name = group.name;
  }
  if (await repo.isAssigned(tx, loaded.row.id, stepTag, { userId, groupId })) {
    throw workflowRefusal('already_assigned');
  }
  await repo.insert(tx, {
    tenantId: ctx.tenant.id,
    workflowId: loaded.row.id,
    stepTag,
    userId: userId ?? null,
    groupId: groupId ?? null,
    addedBy: ctx.auth.user.id,
  });
  await recordActivity(tx, ctx.tenant.id, [
    {
      workflowId: loaded.row.id,
      action: 'added',
      event: 'step_user_added',
      actorId: ctx.auth.user.id,
      stepTag,
      details: { ...input, name },
    },
  ]);
  const assignees = await assigneesOf(tx, loaded.row.id, stepTag);
  const added = assignees.find((a) =>
    userId !== undefined ? a.user_id === Number(userId) : a.group_id === Number(groupId),
  );
  if (added) {
    await auditChange(tx, ctx, ipAddress, {
      workflowId: loaded.row.id,
      stepTag,
      action: 'added',
      assignee: added,
    });
  }
  const notified =
    userId === undefined || userId === ctx.auth.user.id
      ? []
      : await recordNotifications(tx, ctx.tenant.id, [
          {
            userId,
            kind: 'step_assigned',
            group: 'step',
            outcome: null,
            actorId: ctx.auth.user.id,
            workflowId: loaded.row.id,
            params: { step_tag: stepTag, step_name: step.name },
            link: stepLink(loaded.definition, loaded.row.id, stepTag),
          },
        ]);
  // After the addition: everyone before it, and the newcomers.
  const taskEvents = (await tasks?.changed(tx, ctx, loaded.row.id, [stepTag])) ?? [];
  return {
    events: [workflowEvents.stepChanged(ctx, loaded.row.id, stepTag, 'assigned'), ...notified, ...taskEvents],
  };
}

// Taking oneself off a step is always allowed; anyone else's removal follows step-assignee-rule.ts.
export async function removeStepUser(
  ctx: UserContext,
  id: number,
  stepTag: string,
  assigneeId: number,
  { realtime, ipAddress, tasks }: Change,
) {
  const { assignees, events } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    const { events } = await removeStepUserIn(tx, ctx, loaded, stepTag, assigneeId, { ipAddress, tasks });
    return { assignees: await assigneesOf(tx, loaded.row.id, stepTag), events };
  });
  realtime.publish(events);
  return assignees;
}

// The same in the caller's transaction (batch updates, issue 18): by the assignee row's id.
export async function removeStepUserIn(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  stepTag: string,
  assigneeId: number,
  { ipAddress, tasks }: Omit<Change, 'realtime'>,
): Promise<{ events: OutgoingEvent[] }> {
  assertStep(loaded, stepTag);
  const rows = await repo.list(tx, loaded.row.id, stepTag);
  const row = rows.find((r) => r.id === String(assigneeId));
  if (!row) throw new NotFoundError();
  if (row.user_id !== ctx.auth.user.id) await assertMayChange(tx, ctx, rows);
  const assignee = toAssignee(row);
  // Before the removal: everyone after it, and the one removed.
  const taskEvents = (await tasks?.changed(tx, ctx, loaded.row.id, [stepTag])) ?? [];
  await repo.delete(tx, row.id);
  await recordActivity(tx, ctx.tenant.id, [
    {
      workflowId: loaded.row.id,
      action: 'removed',
      event: 'step_user_removed',
      actorId: ctx.auth.user.id,
      stepTag,
      details: { user_id: assignee.user_id, group_id: assignee.group_id, name: assignee.name },
    },
  ]);
  await auditChange(tx, ctx, ipAddress, {
    workflowId: loaded.row.id,
    stepTag,
    action: 'removed',
    assignee,
  });
  return { events: [workflowEvents.stepChanged(ctx, loaded.row.id, stepTag, 'unassigned'), ...taskEvents] };
}

// A step's assignees (batch updates read and restore them).
export function stepAssignees(tx: Tx, workflowId: string, stepTag: string) {
  return assigneesOf(tx, workflowId, stepTag);
}
