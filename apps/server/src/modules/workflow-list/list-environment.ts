import { TEST_WORKFLOW_MESSAGES, type WorkflowListState } from '@attest/shared';
import { type SqlBool, sql } from 'kysely';
import { ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';

// Issue 15: test workflows are left out of every list, count and export unless asked for
// (environment=QA lists QA's, environment=ALL both kinds), and only people with can_access_studio
// may ask. Checked by every service that decodes a list state, before its query runs.
export function checkListEnvironment(ctx: UserContext, state: Pick<WorkflowListState, 'environment'>): void {
  if (state.environment !== 'PRODUCTION' && !ctx.auth.permissions.has('can_access_studio')) {
    throw new ForbiddenError(TEST_WORKFLOW_MESSAGES.listForbidden);
  }
}

// The list's condition over `workflows as w`: Production's rows (the dashboard indexes serve them;
// test rows are few), one environment's (workflows_test_environment_idx), or every row.
export function environmentWhere(environment: WorkflowListState['environment']) {
  if (environment === 'ALL') return null;
  if (environment === 'PRODUCTION') return sql<SqlBool>`w.test_environment is null`;
  return sql<SqlBool>`w.test_environment = ${environment}`;
}
