import { createHash } from 'node:crypto';
import type { ImportRowProblem } from '@attest/shared';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createRowWriter } from '../exports/index.js';
import { importRunRepository } from './import-run.repository.js';
import { storedMapping } from './stored-mapping.js';

// Plan §4.6: the per-row results file. Every staged row in file order: its number, outcome, the id
// and title of what it wrote, its messages, then its original cells, so a person can fix the failed
// rows and import them again. Cells are neutralised (a formula is shown, never run) by the writer.

const RESULT_ROWS_PER_READ = 1_000;
// Far above any import's results (200,000 rows of 500 short cells).
const MAX_RESULTS_BYTES = 2 * 1024 * 1024 * 1024;
export const RESULTS_HEADERS = ['row', 'outcome', 'id', 'title', 'messages'] as const;

// One name per import and phase: a repeated attempt replaces the file it left.
function resultsFileId(tenantId: string, importId: string, createdAt: Date, phase: string): string {
  const seed = `batch-import-results:${tenantId}:${importId}:${createdAt.toISOString()}:${phase}`;
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function messagesOf(row: { message: string | null; problems: unknown[] | null }): string {
  if (row.message) return row.message;
  return ((row.problems as ImportRowProblem[] | null) ?? []).map((p) => p.message).join(' ');
}

// Writes the file to the store and records its key; answers the key.
export async function writeResultsFile(
  db: Db,
  files: FileStore,
  tenantId: string,
  importId: string,
): Promise<string | null> {
  const head = await withTenant(db, tenantId, (tx) => importRunRepository.lock(tx, importId));
  if (!head) return null;
  const headers = storedMapping(head.mapping).headers;
  const writer = createRowWriter('csv', [...RESULTS_HEADERS, ...headers]);
  const stored = files.put(writer.output, {
    namespace: `t${tenantId}`,
    maxBytes: MAX_RESULTS_BYTES,
    id: resultsFileId(tenantId, importId, head.created_at, head.state),
  });
  stored.catch((error: Error) => writer.output.destroy(error));
  try {
    let after = 0;
    for (;;) {
      const rows = await withTenant(db, tenantId, (tx) =>
        importRunRepository.resultRows(tx, importId, head.target, after, RESULT_ROWS_PER_READ),
      );
      for (const row of rows) {
        await writer.write([
          row.row_number,
          row.outcome ?? '',
          row.target_id === null ? '' : Number(row.target_id),
          row.title ?? row.name ?? '',
          messagesOf(row),
          ...headers.map((_, i) => row.cells[i] ?? ''),
        ]);
      }
      const last = rows.at(-1);
      if (!last || rows.length < RESULT_ROWS_PER_READ) break;
      after = last.row_number;
    }
    await writer.end();
  } catch (error) {
    writer.output.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const file = await stored;
  await withTenant(db, tenantId, (tx) => importRunRepository.setResultsKey(tx, importId, file.storageKey));
  return file.storageKey;
}
