import { evaluateWorkflow, flattenSteps } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { recordNotifications } from '../notifications/index.js';
import { answerEvents, saveAnswerIn } from './answers.service.js';
import type { ChangeHooks } from './apply-change.js';
import { currentKind } from './create-workflow.service.js';
import { createWorkflows } from './create-workflows.js';
import { recordActivity } from './workflow-activity.js';
import { buildWorkflowDetail } from './workflow-detail.js';
import { answerRefusal, workflowRefusal } from './workflow-errors.js';
import { workflowEvents } from './workflow-events.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import { loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';

// A child_workflow field starts a workflow of its child kind in the parent's region and business
// unit, and its answer gains the child's id, validated by the engine like any answer: all in one
// transaction, so a refused answer leaves no orphan child behind.
export async function createChildWorkflow(
  ctx: UserContext,
  id: number,
  fieldTag: string,
  input: { name?: string | undefined },
  hooks: ChangeHooks,
) {
  const { result, runs, changed, notified } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const parent = await loadChangeableWorkflow(tx, ctx, id);
    const field = flattenSteps(parent.definition)
      .flatMap((s) => s.fields)
      .find((f) => f.tag === fieldTag);
    if (!field) throw answerRefusal('unknown_field', []);
    if (field.type !== 'child_workflow' || !field.child_kind_tag) throw workflowRefusal('not_child_field');
    const published = await workflowKindsRepository.findCurrent(tx, ctx.tenant.id, {
      tag: field.child_kind_tag,
    });
    if (!published) throw workflowRefusal('child_kind_missing');
    const kind = await currentKind(tx, ctx.tenant.id, { id: published.id });
    const siblings = Array.isArray(parent.state.answers[fieldTag])
      ? (parent.state.answers[fieldTag] as unknown[])
      : [];
    const name = input.name ?? `${parent.row.name} – ${kind.name} ${siblings.length + 1}`;
    const [childId] = await createWorkflows(tx, ctx.tenant.id, [
      {
        kind,
        name,
        regionId: parent.row.region_id,
        businessUnitId: parent.row.business_unit_id,
        parentId: parent.row.id,
        parentFieldTag: fieldTag,
        createdBy: ctx.auth.user.id,
        // A test workflow's children are test workflows of its environment, purged with it.
        testEnvironment: parent.row.test_environment,
      },
    ]);
    const child = childId as string;
    // The child's steps open from the start may be integration steps too.
    const childRuns = hooks.integrations
      ? await hooks.integrations.queue(tx, {
          tenantId: ctx.tenant.id,
          workflowId: child,
          definition: kind.definition,
          stepTags: evaluateWorkflow(kind.definition, { answers: {}, completed_steps: [] }).enabled_steps,
          userId: ctx.auth.user.id,
        })
      : [];
    const { runs: parentRuns, changed } = await saveAnswerIn(
      tx,
      ctx,
      parent,
      { field_tag: fieldTag, value: [...siblings, Number(child)] },
      hooks,
    );
    await recordActivity(tx, ctx.tenant.id, [
      {
        workflowId: parent.row.id,
        action: 'created',
        event: 'child_created',
        actorId: ctx.auth.user.id,
        fieldTag,
        details: { child_id: Number(child), name },
      },
      {
        workflowId: child,
        action: 'created',
        event: 'created_from_parent',
        actorId: ctx.auth.user.id,
        details: { parent_id: Number(parent.row.id), field_tag: fieldTag },
      },
    ]);
    // The parent's creator hears of a child someone else started.
    const creator = parent.row.created_by;
    const notified =
      creator === null || creator === ctx.auth.user.id
        ? []
        : await recordNotifications(tx, ctx.tenant.id, [
            {
              userId: creator,
              kind: 'child_workflow_created',
              group: 'child_workflow_creation',
              outcome: 'completed',
              actorId: ctx.auth.user.id,
              workflowId: parent.row.id,
              params: { child_id: Number(child), child_name: name },
              link: `/process/${child}`,
            },
          ]);
    return {
      changed,
      notified,
      runs: [...childRuns, ...parentRuns],
      result: {
        child: { id: Number(child), name },
        workflow: await buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id)),
      },
    };
  });
  const parentId = String(id);
  hooks.realtime.publish([
    workflowEvents.childCreated(ctx, parentId, String(result.child.id), fieldTag),
    ...answerEvents(ctx, parentId, changed),
    ...notified,
  ]);
  if (runs.length > 0) await hooks.integrations?.dispatch(runs);
  return result;
}
