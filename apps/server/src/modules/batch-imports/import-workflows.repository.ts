import type { Tx } from '../../platform/tenant-transaction.js';
import { changeableWorkflowsFilter } from '../workflows/index.js';

// A workflows import that updates by id (plan §4.3-4.4) finds each row's workflow among those the
// importer may change, by the rule batch updates use: full access to its region or business unit,
// not archived, a Production workflow of the import's kind. Any other id is not found.
export const importWorkflowsRepository = {
  changeableIds: async (
    tx: Tx,
    userId: string,
    kindId: string,
    ids: readonly string[],
  ): Promise<Set<string>> => {
    const wanted = [...new Set(ids.filter((id) => /^\d{1,15}$/.test(id)))];
    if (wanted.length === 0) return new Set();
    const rows = await tx
      .selectFrom('workflows as w')
      .select('w.id')
      .where('w.id', 'in', wanted)
      .where('w.kind_id', '=', kindId)
      .where('w.archived_at', 'is', null)
      .where('w.test_environment', 'is', null)
      .where(changeableWorkflowsFilter(userId))
      .execute();
    return new Set(rows.map((r) => String(r.id)));
  },
};
