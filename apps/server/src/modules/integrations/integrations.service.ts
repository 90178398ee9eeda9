import type { PageQuery } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { workflowAccess } from '../workflows/index.js';
import { integrationRunsRepository } from './integration-runs.repository.js';

// A workflow's integration runs, newest first, for whoever may see the workflow.
export function listIntegrationRuns(ctx: UserContext, workflowId: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await workflowAccess(tx, ctx.auth.user.id, String(workflowId)))) throw new NotFoundError();
    const { rows, count } = await integrationRunsRepository.page(tx, String(workflowId), page);
    return {
      count,
      rows: rows.map((run) => ({
        id: Number(run.id),
        step_tag: run.step_tag,
        field_tag: run.field_tag,
        connector: run.connector,
        state: run.state,
        result: run.result,
        error: run.error,
        created_at: run.created_at.toISOString(),
        finished_at: run.finished_at?.toISOString() ?? null,
      })),
    };
  });
}
