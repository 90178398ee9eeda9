import {
  type PurgeTestWorkflowsResult,
  STUDIO_DEPLOY_PERMISSIONS,
  type StartTestWorkflowRequest,
  StudioPublishedDefinitionSchema,
  TEST_WORKFLOW_MESSAGES,
  type TestEnvironment,
  type TestWorkflow,
  type TestWorkflowsQuery,
  testWorkflowsForbiddenMessage,
} from '@attest/shared';
import { BadRequestError, ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  type ChangeHooks,
  createWorkflow,
  purgeTestWorkflows,
  testWorkflowsPage,
} from '../workflows/index.js';
import { requireApp } from './apps.service.js';
import { environmentDeploymentsRepository } from './environment-deployments.repository.js';

// Issue 15, environments (docs/studio.md "Environments and test workflows"). Starting and purging
// test workflows needs the environment's deploy permission, as deploying there does; the routes
// already ask for can_access_studio.
function requireEnvironmentPermission(ctx: UserContext, environment: TestEnvironment) {
  if (!ctx.auth.permissions.has(STUDIO_DEPLOY_PERMISSIONS[environment])) {
    throw new ForbiddenError(testWorkflowsForbiddenMessage(environment));
  }
}

// Starts a test workflow of one of the app's processes on the environment's newest deployment of
// the app: the test definition that deployment published. It runs like any workflow (its process
// page, steps and answers), marked with the environment.
export async function startTestWorkflow(
  ctx: UserContext,
  hooks: ChangeHooks,
  target: { appId: number; environment: TestEnvironment; process: string },
  body: StartTestWorkflowRequest,
) {
  requireEnvironmentPermission(ctx, target.environment);
  const published = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireApp(tx, target.appId);
    const deployment = await environmentDeploymentsRepository.newest(tx, app.id, target.environment);
    if (!deployment) throw new BadRequestError(TEST_WORKFLOW_MESSAGES.notDeployed);
    const processes = StudioPublishedDefinitionSchema.array().parse(deployment.published);
    const process = processes.find((p) => p.kind_tag === target.process);
    if (!process) throw new BadRequestError(TEST_WORKFLOW_MESSAGES.processNotDeployed);
    return process;
  });
  return createWorkflow(
    ctx,
    {
      kind_id: 0,
      name: body.name,
      region_id: body.region_id,
      business_unit_id: body.business_unit_id ?? null,
    },
    hooks,
    { definitionId: String(published.definition_id), environment: target.environment },
  );
}

// The environment's test workflows across the tenant's apps, newest first.
export function listTestWorkflows(ctx: UserContext, environment: TestEnvironment, query: TestWorkflowsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await testWorkflowsPage(tx, environment, query);
    const results: TestWorkflow[] = rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      environment,
      kind_id: Number(row.kind_id),
      kind_tag: row.kind_tag,
      definition_id: Number(row.definition_id),
      version: row.version,
      status_id: Number(row.status_id),
      progress: row.progress,
      created_by: row.created_by === null ? null : Number(row.created_by),
      created_at: row.created_at.toISOString(),
    }));
    return { results, count };
  });
}

// Deletes every test workflow of the environment with all their rows, in one transaction.
export async function purgeEnvironment(
  ctx: UserContext,
  environment: TestEnvironment,
): Promise<PurgeTestWorkflowsResult> {
  requireEnvironmentPermission(ctx, environment);
  const purged = await withTenant(ctx.db, ctx.tenant.id, (tx) => purgeTestWorkflows(tx, environment));
  return { purged };
}
