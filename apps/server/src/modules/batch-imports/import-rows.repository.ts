import type { ImportRowProblem } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export type StagedRow = { rowNumber: number; cells: string[] };

// batch_import_rows: the staged cells of an import and what the preview found in each.
export const importRowsRepository = {
  insertMany: async (tx: Tx, tenantId: string, importId: string, rows: readonly StagedRow[]) => {
    if (rows.length === 0) return;
    await tx
      .insertInto('batch_import_rows')
      .values(
        rows.map((row) => ({
          tenant_id: tenantId,
          import_id: importId,
          row_number: row.rowNumber,
          cells: JSON.stringify(row.cells),
        })),
      )
      .execute();
  },

  // The next `limit` rows after `afterRow`, in file order: the preview walks them in batches.
  batchAfter: (tx: Tx, importId: string, afterRow: number, limit: number) =>
    tx
      .selectFrom('batch_import_rows')
      .select(['row_number', 'cells'])
      .where('import_id', '=', importId)
      .where('row_number', '>', afterRow)
      .orderBy('row_number')
      .limit(limit)
      .execute(),

  // One statement per batch: each row's problems, null for a valid row.
  setProblems: async (
    tx: Tx,
    importId: string,
    problems: readonly { rowNumber: number; problems: ImportRowProblem[] | null }[],
  ): Promise<void> => {
    if (problems.length === 0) return;
    const numbers = problems.map((p) => p.rowNumber);
    const values = problems.map((p) => (p.problems ? JSON.stringify(p.problems) : null));
    await sql`
      update batch_import_rows r set problems = v.problems
      from unnest(${numbers}::int[], ${values}::jsonb[]) as v(row_number, problems)
      where r.import_id = ${importId} and r.row_number = v.row_number`.execute(tx);
  },

  page: async (
    tx: Tx,
    importId: string,
    query: { problemsOnly: boolean; outcome?: string; limit: number; offset: number },
  ) => {
    let rows = tx.selectFrom('batch_import_rows').where('import_id', '=', importId);
    if (query.problemsOnly) rows = rows.where('problems', 'is not', null);
    if (query.outcome) rows = rows.where('outcome', '=', query.outcome as never);
    const counted = await rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const results = await rows
      .select(['row_number', 'cells', 'problems', 'outcome', 'target_id', 'message'])
      .orderBy('row_number')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { results, count: Number(counted.n) };
  },
};
