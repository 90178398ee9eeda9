import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { LIST_COLUMNS, type ListRow } from '../workflow-list/index.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// A record's "related workflows" tab (plan §3.1): the workflows whose data_object answers name it
// (workflow_record_links, by workflow_record_links_record_idx), only those the user sees, by the
// workflows' own rule.
function relatedWorkflows(tx: Tx, recordId: string, userId: string) {
  return tx
    .selectFrom('workflows as w')
    .where('w.id', 'in', (eb) =>
      eb.selectFrom('workflow_record_links as l').select('l.workflow_id').where('l.record_id', '=', recordId),
    )
    .where(visibleWorkflowsFilter(userId));
}

export const relatedWorkflowsRepository = {
  // The rows the count counts (cappedCount).
  matches: (tx: Tx, recordId: string, userId: string) =>
    relatedWorkflows(tx, recordId, userId).select(sql`1`.as('one')),

  // One page, newest first, in the columns the workflow list's items are made from.
  page: (tx: Tx, recordId: string, userId: string, page: { limit: number; offset: number }) =>
    relatedWorkflows(tx, recordId, userId)
      .select(LIST_COLUMNS)
      .select(sql<string | null>`null`.as('sort_value'))
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute() satisfies Promise<ListRow[]>,
};
