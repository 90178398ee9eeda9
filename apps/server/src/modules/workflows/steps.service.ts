import { flattenSteps, statusDisplayName, submitStep, undoStep } from '@attest/shared';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { answersRepository } from './answers.repository.js';
import { applyChange, type ChangeHooks } from './apply-change.js';
import { type ActivityInput, recordActivity } from './workflow-activity.js';
import { buildWorkflowDetail } from './workflow-detail.js';
import { stepRefusal, workflowRefusal } from './workflow-errors.js';
import { workflowEvents } from './workflow-events.js';
import { loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';
import { workflowStepsRepository } from './workflow-steps.repository.js';

type StepAction = 'submit' | 'undo';

// Submit (all required answers valid -> completed, next steps open, status and progress follow) or
// undo (the step re-opens) one step, through the engine; the activity log records it and any status
// change, and integration steps that opened are queued, then dispatched after commit.
export async function actOnStep(
  ctx: UserContext,
  id: number,
  stepTag: string,
  action: StepAction,
  hooks: ChangeHooks,
) {
  const { detail, runs, statusId, taskEvents } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    if (await answersRepository.isStepLocked(tx, loaded.row.id, stepTag))
      throw workflowRefusal('step_locked');
    const result =
      action === 'submit'
        ? submitStep(loaded.definition, loaded.state, stepTag)
        : undoStep(loaded.definition, loaded.state, stepTag);
    if (!result.ok) throw stepRefusal(result.code, result.problems);
    const by = ctx.auth.user.id;
    const { runs, statusId, opened, closed } = await applyChange(
      tx,
      ctx,
      loaded,
      result.state,
      action === 'submit' ? { type: 'submit', step: stepTag, by } : { type: 'undo', step: stepTag },
      hooks,
    );
    // A delegate submitting or undoing an absent person's task: the log says for whom (issue 16).
    const onBehalfOf = await hooks.tasks?.onBehalfOf(tx, ctx, loaded.row.id, stepTag);
    const entries: ActivityInput[] = [
      {
        workflowId: loaded.row.id,
        ...(action === 'submit'
          ? { action: 'submitted', event: 'step_submitted' }
          : { action: 'undo', event: 'step_undone' }),
        actorId: by,
        stepTag,
        ...(onBehalfOf && { details: { on_behalf_of: onBehalfOf } }),
      },
    ];
    if (result.status_before !== result.status_after) {
      entries.push({
        workflowId: loaded.row.id,
        action: 'updated',
        event: 'status_changed',
        actorId: by,
        stepTag,
        details: {
          from: result.status_before,
          to: result.status_after,
          from_name: statusDisplayName(loaded.definition, result.status_before),
          to_name: statusDisplayName(loaded.definition, result.status_after),
        },
      });
    }
    await recordActivity(tx, ctx.tenant.id, entries);
    const touched = [...new Set([stepTag, ...opened, ...closed])];
    return {
      runs,
      statusId,
      taskEvents: (await hooks.tasks?.changed(tx, ctx, loaded.row.id, touched)) ?? [],
      detail: await buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id)),
    };
  });
  const workflowId = String(id);
  hooks.realtime.publish([
    workflowEvents.stepChanged(ctx, workflowId, stepTag, action === 'submit' ? 'submitted' : 'undone'),
    ...(statusId ? [workflowEvents.statusChanged(ctx, workflowId, statusId)] : []),
    ...taskEvents,
  ]);
  if (runs.length > 0) await hooks.integrations?.dispatch(runs);
  return detail;
}

// A supervisor's lock (held by 'Can undo a step'): a locked step refuses answers and submission.
export async function lockStep(
  ctx: UserContext,
  id: number,
  stepTag: string,
  isLocked: boolean,
  realtime: RealtimePublisher,
) {
  const { detail, changed } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    if (!flattenSteps(loaded.definition).some((s) => s.tag === stepTag))
      throw stepRefusal('unknown_step', []);
    const done = await workflowStepsRepository.setLocked(tx, loaded.row.id, stepTag, isLocked);
    if (done) {
      await recordActivity(tx, ctx.tenant.id, [
        {
          workflowId: loaded.row.id,
          action: 'updated',
          event: isLocked ? 'step_locked' : 'step_unlocked',
          actorId: ctx.auth.user.id,
          stepTag,
        },
      ]);
    }
    return {
      changed: done,
      detail: await buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id)),
    };
  });
  if (changed) {
    realtime.publish([
      workflowEvents.stepChanged(ctx, String(id), stepTag, isLocked ? 'locked' : 'unlocked'),
    ]);
  }
  return detail;
}
