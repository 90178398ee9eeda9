import type { ActivityEntry, PageQuery } from '@attest/shared';
import { readerLocale } from '../../platform/reader-locale.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { localizeStatusNames } from './activity-status-names.js';
import { recordActivity } from './workflow-activity.js';
import { workflowActivityRepository } from './workflow-activity.repository.js';
import { buildWorkflowDetail, toPerson } from './workflow-detail.js';
import { workflowForbidden, workflowRefusal } from './workflow-errors.js';
import { workflowEvents } from './workflow-events.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import { loadVisibleWorkflow } from './workflow-loader.js';
import { workflowsRepository } from './workflows.repository.js';

// 'Can archive workflow': the workflow leaves the lists and refuses every change from then on.
export async function archiveWorkflow(ctx: UserContext, id: number, realtime: RealtimePublisher) {
  const detail = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, id, { forUpdate: true });
    if (loaded.access !== 'full') throw workflowForbidden('read_only');
    if (loaded.row.archived_at) throw workflowRefusal('already_archived');
    const at = new Date();
    await workflowsRepository.archive(tx, loaded.row.id, ctx.auth.user.id, at);
    await recordActivity(tx, ctx.tenant.id, [
      { workflowId: loaded.row.id, action: 'deleted', event: 'archived', actorId: ctx.auth.user.id, at },
    ]);
    return buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id));
  });
  realtime.publish([workflowEvents.archived(ctx, String(id))]);
  return detail;
}

// 'Can View Activity Log': every change of one workflow, newest first.
export function listActivity(ctx: UserContext, id: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, id);
    const { rows, count } = await workflowActivityRepository.page(tx, loaded.row.id, page);
    const locale = readerLocale(ctx);
    const translations = new Map(
      (await workflowKindsRepository.statusTranslations(tx, loaded.row.kind_id)).map((s) => [
        s.tag,
        s.display_name_translations,
      ]),
    );
    const results: ActivityEntry[] = rows.map((row) => {
      const { event, ...details } = row.details;
      return {
        id: Number(row.id),
        action: row.action as ActivityEntry['action'],
        event: typeof event === 'string' ? event : row.action,
        actor:
          row.actor_user_id && row.email !== null
            ? toPerson({
                id: row.actor_user_id,
                email: row.email,
                first_name: row.first_name ?? '',
                last_name: row.last_name ?? '',
              })
            : null,
        step_tag: row.step_tag,
        field_tag: row.field_tag,
        details: localizeStatusNames(details, translations, locale),
        created_at: row.created_at.toISOString(),
      };
    });
    return { rows: results, count };
  });
}
