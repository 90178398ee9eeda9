import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { workflowAccess } from './workflow-access.js';

// Spec 1 §7: a workflow's live channel is for those who may see the workflow (the rule of GET the
// workflow). Registered with the platform's channel authorisation in app.ts.
export async function mayListenToWorkflow(ctx: UserContext, workflowId: string): Promise<boolean> {
  const access = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    workflowAccess(tx, ctx.auth.user.id, workflowId),
  );
  return access !== null;
}
