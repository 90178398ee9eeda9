import { Readable } from 'node:stream';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { CSV_BOM, csvLine } from '../exports/index.js';
import { batchUpdatesRepository as updates } from './batch-updates.repository.js';
import { itemNames, ownBatchUpdate } from './batch-updates.service.js';

const PAGE = 1000;
const HEADERS = ['id', 'name', 'outcome', 'message', 'before', 'after'];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

// The per-item results as CSV (cells neutralised by the exports' writer), read a page per
// transaction so a long file holds no transaction open while the client reads it.
export async function batchUpdateResults(ctx: UserContext, id: number): Promise<Readable> {
  const own = await ownBatchUpdate(ctx, id);
  async function* lines() {
    yield CSV_BOM + csvLine(HEADERS);
    for (let offset = 0; ; offset += PAGE) {
      const { rows } = await withTenant(ctx.db, ctx.tenant.id, async (tx) =>
        updates.itemsPage(tx, String(id), { limit: PAGE, offset }, await itemNames(tx, ctx, own)),
      );
      for (const r of rows) {
        yield csvLine([
          Number(r.target_id),
          r.name ?? '',
          r.outcome,
          r.message,
          json(r.before),
          json(r.after),
        ]);
      }
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
