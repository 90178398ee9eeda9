import { flattenSteps, type StepAssignee } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { recordNotifications } from '../notifications/notifications.repository.js';
import { recordActivity } from './workflow-activity.js';
import { toAssignee } from './workflow-detail.js';
import { workflowDetailRepository } from './workflow-detail.repository.js';
import { stepRefusal, workflowRefusal } from './workflow-errors.js';
import { stepLink, workflowEvents } from './workflow-events.js';
import { type LoadedWorkflow, loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';

function assertStep(loaded: LoadedWorkflow, stepTag: string) {
  const step = flattenSteps(loaded.definition).find((s) => s.tag === stepTag);
  if (!step) throw stepRefusal('unknown_step', []);
  return step;
}

async function assigneesOf(tx: Tx, workflowId: string, stepTag: string): Promise<StepAssignee[]> {
  return (await workflowDetailRepository.stepUsers(tx, workflowId, stepTag)).map(toAssignee);
}

// Spec 1 §4 step users: the people and groups a step is assigned to.
export function listStepUsers(ctx: UserContext, id: number, stepTag: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, id);
    assertStep(loaded, stepTag);
    return assigneesOf(tx, loaded.row.id, stepTag);
  });
}

// A user or a group of the tenant (row-level security hides any other tenant's). A person made an
// assignee by someone else is notified.
export async function addStepUser(
  ctx: UserContext,
  id: number,
  stepTag: string,
  input: { user_id?: number | undefined; group_id?: number | undefined },
  realtime: RealtimePublisher,
) {
  const { assignees, notified } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    const step = assertStep(loaded, stepTag);
    let name: string;
    if (input.user_id !== undefined) {
      const user = await tx
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', String(input.user_id))
        .executeTakeFirst();
      if (!user) throw workflowRefusal('user_not_found');
      name = `${user.first_name} ${user.last_name}`.trim() || user.email;
    } else {
      const group = await tx
        .selectFrom('groups')
        .select('name')
        .where('id', '=', String(input.group_id))
        .executeTakeFirst();
      if (!group) throw workflowRefusal('group_not_found');
      name = group.name;
    }
    const existing = await tx
      .selectFrom('workflow_step_users')
      .select('id')
      .where('workflow_id', '=', loaded.row.id)
      .where('step_tag', '=', stepTag)
      .where(
        input.user_id !== undefined ? 'user_id' : 'group_id',
        '=',
        String(input.user_id ?? input.group_id),
      )
      .executeTakeFirst();
    if (existing) throw workflowRefusal('already_assigned');
    // The row lock on the workflow (loadChangeableWorkflow) serialises concurrent additions.
    await tx
      .insertInto('workflow_step_users')
      .values({
        tenant_id: ctx.tenant.id,
        workflow_id: loaded.row.id,
        step_tag: stepTag,
        user_id: input.user_id === undefined ? null : String(input.user_id),
        group_id: input.group_id === undefined ? null : String(input.group_id),
        added_by: ctx.auth.user.id,
      })
      .execute();
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
    const assignee = input.user_id === undefined ? null : String(input.user_id);
    const notified =
      assignee === null || assignee === ctx.auth.user.id
        ? []
        : await recordNotifications(tx, ctx.tenant.id, [
            {
              userId: assignee,
              kind: 'step_assigned',
              group: 'step',
              outcome: null,
              actorId: ctx.auth.user.id,
              workflowId: loaded.row.id,
              params: { step_tag: stepTag, step_name: step.name },
              link: stepLink(loaded.definition, loaded.row.id, stepTag),
            },
          ]);
    return { notified, assignees: await assigneesOf(tx, loaded.row.id, stepTag) };
  });
  realtime.publish([workflowEvents.stepChanged(ctx, String(id), stepTag, 'assigned'), ...notified]);
  return assignees;
}

export async function removeStepUser(
  ctx: UserContext,
  id: number,
  stepTag: string,
  assigneeId: number,
  realtime: RealtimePublisher,
) {
  const assignees = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    assertStep(loaded, stepTag);
    const [assignee] = (await workflowDetailRepository.stepUsers(tx, loaded.row.id, stepTag))
      .filter((row) => row.id === String(assigneeId))
      .map(toAssignee);
    if (!assignee) throw new NotFoundError();
    await tx.deleteFrom('workflow_step_users').where('id', '=', String(assigneeId)).execute();
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
    return assigneesOf(tx, loaded.row.id, stepTag);
  });
  realtime.publish([workflowEvents.stepChanged(ctx, String(id), stepTag, 'unassigned')]);
  return assignees;
}
