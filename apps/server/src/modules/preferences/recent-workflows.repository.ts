import { RECENT_WORKFLOWS_KEPT } from '@attest/shared';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

export const recentWorkflowsRepository = {
  // A second view of the same workflow moves it to the top (one row per user and workflow).
  async record(tx: Tx, row: { tenantId: string; userId: string; workflowId: string }) {
    await tx
      .insertInto('user_recent_workflows')
      .values({
        tenant_id: row.tenantId,
        user_id: row.userId,
        workflow_id: row.workflowId,
        viewed_at: new Date(),
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'user_id', 'workflow_id']).doUpdateSet({ viewed_at: new Date() }),
      )
      .execute();
  },

  // Keeps the user's newest RECENT_WORKFLOWS_KEPT views; older ones go.
  async trim(tx: Tx, userId: string) {
    await tx
      .deleteFrom('user_recent_workflows')
      .where('user_id', '=', userId)
      .where('workflow_id', 'not in', (eb) =>
        eb
          .selectFrom('user_recent_workflows')
          .select('workflow_id')
          .where('user_id', '=', userId)
          .orderBy('viewed_at', 'desc')
          .orderBy('workflow_id', 'desc')
          .limit(RECENT_WORKFLOWS_KEPT),
      )
      .execute();
  },

  // Newest first, only workflows the user may still see (spec 1 §7: a lost region access hides them).
  // Status names in the reader's language (issue 14).
  list(tx: Tx, userId: string, locale: string) {
    return tx
      .selectFrom('user_recent_workflows as r')
      .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
      .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
      .innerJoin('workflow_statuses as s', 's.id', 'w.status_id')
      .where('r.user_id', '=', userId)
      .where(visibleWorkflowsFilter(userId))
      .select([
        'w.id',
        'w.name',
        'r.viewed_at',
        'k.id as kind_id',
        'k.name as kind_name',
        's.id as status_id',
        's.color_code as status_color',
        's.tag as status_tag',
      ])
      .select(localizedColumn('s.display_name', 's.display_name_translations', locale).as('status_name'))
      .orderBy('r.viewed_at', 'desc')
      .orderBy('r.workflow_id', 'desc')
      .limit(RECENT_WORKFLOWS_KEPT)
      .execute();
  },
};
