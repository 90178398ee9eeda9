import type { FollowUp } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadVisibleWorkflow, stepRefusal } from '../workflows/index.js';
import { taskFollowUpsRepository as repo } from './task-follow-ups.repository.js';

// Camunda Tasklist's follow-up date: a day a person means to come back to a task, beside its due date
// (the step's SLA). Only that person sees it; null clears it. Seeing the workflow is enough: setting
// a reminder changes nothing of the workflow.
export function setFollowUp(
  ctx: UserContext,
  workflowId: number,
  stepTag: string,
  followUpOn: string | null,
): Promise<FollowUp> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, workflowId);
    if (!(await repo.stepExists(tx, loaded.row.id, stepTag))) throw stepRefusal('unknown_step', []);
    const me = ctx.auth.user.id;
    if (followUpOn === null) await repo.clear(tx, me, loaded.row.id, stepTag);
    else
      await repo.set(tx, {
        tenantId: ctx.tenant.id,
        userId: me,
        workflowId: loaded.row.id,
        stepTag,
        on: followUpOn,
      });
    return { workflow_id: workflowId, step_tag: stepTag, follow_up_on: followUpOn };
  });
}
