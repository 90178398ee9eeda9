import type { TenantContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import type { SheetRow } from './file-reader/tabular-file.js';
import { importRowsRepository, type StagedRow } from './import-rows.repository.js';

// Plan §4.1: rows go to batch_import_rows as they are read, a thousand per short transaction, so
// neither memory nor a transaction grows with the file.
export const STAGE_BATCH_ROWS = 1_000;

// Numbers the data rows 1, 2, ... in file order (blank rows are skipped by the reader), the numbers
// the preview shows. Answers how many were staged.
export async function stageRows(
  ctx: TenantContext,
  importId: string,
  rows: AsyncIterable<SheetRow>,
  width: number,
): Promise<number> {
  let batch: StagedRow[] = [];
  let staged = 0;
  const flush = async () => {
    const rowsToWrite = batch;
    batch = [];
    await withTenant(ctx.db, ctx.tenant.id, (tx) =>
      importRowsRepository.insertMany(tx, ctx.tenant.id, importId, rowsToWrite),
    );
  };
  for await (const row of rows) {
    staged += 1;
    batch.push({ rowNumber: staged, cells: padded(row.cells, width) });
    if (batch.length >= STAGE_BATCH_ROWS) await flush();
  }
  if (batch.length > 0) await flush();
  return staged;
}

// Every row as wide as the header, so a cell is found by its column index; trailing empty cells of a
// row wider than the header are dropped.
function padded(cells: readonly string[], width: number): string[] {
  const row = cells.slice(0, Math.max(width, lastFilled(cells) + 1));
  while (row.length < width) row.push('');
  return row;
}

function lastFilled(cells: readonly string[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== '') return i;
  return -1;
}
