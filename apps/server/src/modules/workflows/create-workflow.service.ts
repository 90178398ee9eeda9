import { type CreateWorkflowRequest, evaluateWorkflow, type WorkflowDefinition } from '@attest/shared';
import type { TestEnvironment } from '../../db/schema.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import type { ChangeHooks } from './apply-change.js';
import { createWorkflows } from './create-workflows.js';
import { loadDefinition } from './definition-cache.js';
import { definitionsRepository } from './definitions.repository.js';
import { referencesRepository } from './references.repository.js';
import { placeAccess, workflowAccess } from './workflow-access.js';
import { buildWorkflowDetail } from './workflow-detail.js';
import { workflowForbidden, workflowRefusal } from './workflow-errors.js';
import { workflowEvents } from './workflow-events.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import { loadVisibleWorkflow } from './workflow-loader.js';

export type CurrentKind = {
  id: string;
  tag: string;
  name: string;
  definitionId: string;
  definition: WorkflowDefinition;
};

export async function currentKind(tx: Tx, tenantId: string, where: { id: string } | { tag: string }) {
  const kind = await workflowKindsRepository.findCurrent(tx, tenantId, where);
  if (!kind) throw workflowRefusal('kind_not_found');
  const definition = await loadDefinition(tx, tenantId, kind.definition_id);
  return { id: kind.id, tag: kind.tag, name: kind.name, definitionId: kind.definition_id, definition };
}

// The place a workflow is created in must exist, the business unit must belong to the region, and the
// user needs full access to the region or the business unit.
async function checkPlace(tx: Tx, ctx: UserContext, regionId: string, unitId: string | null) {
  const region = await referencesRepository.findRegion(tx, regionId);
  if (!region) throw workflowRefusal('region_not_found');
  if (unitId !== null) {
    const unit = await referencesRepository.findBusinessUnit(tx, unitId);
    if (unit?.region_id !== regionId) throw workflowRefusal('business_unit_not_in_region');
  }
  if ((await placeAccess(tx, ctx.auth.user.id, regionId, unitId)) !== 'full') {
    throw workflowForbidden('no_place_access');
  }
}

// A test definition of the environment (issue 15) as the kind to start a test workflow of.
async function testKind(tx: Tx, tenantId: string, test: TestStart): Promise<CurrentKind> {
  const row = await definitionsRepository.findTest(tx, test.definitionId, test.environment);
  if (!row) throw workflowRefusal('kind_not_found');
  const definition = await loadDefinition(tx, tenantId, row.id);
  return { id: row.kind_id, tag: row.tag, name: row.name, definitionId: row.id, definition };
}

// A test workflow: started on a studio deployment's test definition and marked with its environment.
export type TestStart = { definitionId: string; environment: TestEnvironment };

// Creates a workflow on its kind's current definition, or (`test`) a test workflow on a test
// definition (input.kind_id is then not read); the same checks, rows and events either way.
export async function createWorkflow(
  ctx: UserContext,
  input: CreateWorkflowRequest,
  hooks: ChangeHooks,
  test?: TestStart,
) {
  const { detail, runs, parentId, workflowId } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = test
      ? await testKind(tx, ctx.tenant.id, test)
      : await currentKind(tx, ctx.tenant.id, { id: String(input.kind_id) });
    const regionId = String(input.region_id);
    const unitId = input.business_unit_id ? String(input.business_unit_id) : null;
    await checkPlace(tx, ctx, regionId, unitId);
    const parentId = input.parent_id ? String(input.parent_id) : null;
    if (parentId && !(await workflowAccess(tx, ctx.auth.user.id, parentId))) {
      throw workflowRefusal('parent_not_found');
    }
    const [id] = await createWorkflows(tx, ctx.tenant.id, [
      {
        kind,
        name: input.name,
        regionId,
        businessUnitId: unitId,
        parentId,
        createdBy: ctx.auth.user.id,
        testEnvironment: test?.environment ?? null,
      },
    ]);
    const workflowId = id as string;
    // The steps open from the start may be integration steps: their runs are queued now.
    const opened = evaluateWorkflow(kind.definition, { answers: {}, completed_steps: [] }).enabled_steps;
    const runs = hooks.integrations
      ? await hooks.integrations.queue(tx, {
          tenantId: ctx.tenant.id,
          workflowId,
          definition: kind.definition,
          stepTags: opened,
          userId: ctx.auth.user.id,
        })
      : [];
    return {
      runs,
      parentId,
      workflowId,
      detail: await buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, workflowId)),
    };
  });
  hooks.realtime.publish([
    workflowEvents.created(ctx, workflowId),
    ...(parentId ? [workflowEvents.childCreated(ctx, parentId, workflowId, null)] : []),
  ]);
  if (runs.length > 0) await hooks.integrations?.dispatch(runs);
  return detail;
}

export function getWorkflow(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) =>
    buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id)),
  );
}
