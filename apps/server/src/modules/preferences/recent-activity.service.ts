import type { RecentActivity } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { workflowAccess } from '../workflows/index.js';
import { recentWorkflowsRepository } from './recent-workflows.repository.js';

async function recentOf(tx: Tx, userId: string, locale: string): Promise<RecentActivity> {
  const rows = await recentWorkflowsRepository.list(tx, userId, locale);
  return {
    recently_viewed_workflows: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      kind: { id: Number(r.kind_id), name: r.kind_name },
      status: {
        id: Number(r.status_id),
        display_name: r.status_name,
        color_code: r.status_color,
        tag: r.status_tag,
      },
      viewed_at: r.viewed_at.toISOString(),
    })),
  };
}

// Spec 1 §7 GET user-recent-activity/: the workflows the user opened last that they may still see.
export function recentActivity(ctx: UserContext) {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => recentOf(tx, ctx.auth.user.id, readerLocale(ctx)));
}

// POST user-recent-activity/: the process page records a view. A workflow the user may not see is
// a 404, as everywhere else, so the call cannot probe ids.
export function recordView(ctx: UserContext, workflowId: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await workflowAccess(tx, userId, String(workflowId)))) throw new NotFoundError();
    await recentWorkflowsRepository.record(tx, {
      tenantId: ctx.tenant.id,
      userId,
      workflowId: String(workflowId),
    });
    await recentWorkflowsRepository.trim(tx, userId);
    return recentOf(tx, userId, readerLocale(ctx));
  });
}
