import type { BatchImportState, BatchImportTarget, ImportRowOutcome } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// What the import's run and undo jobs read and write (plan §4.4-4.6): the import's state and
// cursors, and each row's outcome.

export type RowOutcome = {
  rowNumber: number;
  outcome: ImportRowOutcome;
  targetId: string | null;
  revisionAfter: number | null;
  activityIdAfter: string | null;
  before: unknown;
  message: string | null;
};

export const importRunRepository = {
  // queued -> running (a retry also takes running); false when it is not this attempt's to run.
  claim: async (tx: Tx, id: string, from: BatchImportState, to: BatchImportState): Promise<boolean> => {
    const claimed = await tx
      .updateTable('batch_imports')
      .set({ state: to, started_at: sql<Date>`coalesce(started_at, now())`, error: null })
      .where('id', '=', id)
      .where('state', 'in', [from, to])
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  // Locked for the batch: two attempts at one import take turns.
  lock: (tx: Tx, id: string) =>
    tx
      .selectFrom('batch_imports')
      .select([
        'id',
        'state',
        'created_by',
        'target',
        'object_type_id',
        'kind_id',
        'mode',
        'key_name',
        'start_step_tag',
        'mapping',
        'cursor_row',
        'undo_cursor_row',
        'rows_valid',
        'rows_done',
        'undone_by',
        'created_at',
        'results_storage_key',
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),

  setState: async (tx: Tx, id: string, state: BatchImportState, error: string | null = null) => {
    await tx
      .updateTable('batch_imports')
      .set({
        state,
        error,
        ...(state === 'queued' && { requeued_at: sql<Date>`now()` }),
        ...(state === 'finished' && { finished_at: sql<Date>`now()` }),
        ...(state === 'undone' && { undone_at: sql<Date>`now()` }),
      })
      .where('id', '=', id)
      .execute();
  },

  startUndo: async (tx: Tx, id: string, userId: string): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set({ state: 'undoing', undo_cursor_row: 0, undone_by: userId, error: null })
      .where('id', '=', id)
      .execute();
  },

  queuedIds: async (tx: Tx, states: readonly BatchImportState[], limit: number): Promise<string[]> => {
    const rows = await tx
      .selectFrom('batch_imports')
      .select('id')
      .where('state', 'in', [...states])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  // The next rows after the cursor, valid or not: every staged row gets its outcome in turn.
  rowsAfter: (tx: Tx, id: string, after: number, limit: number) =>
    tx
      .selectFrom('batch_import_rows')
      .select(['row_number', 'cells', 'problems'])
      .where('import_id', '=', id)
      .where('row_number', '>', after)
      .orderBy('row_number')
      .limit(limit)
      .execute(),

  // The rows undo walks: those the run created or updated, after the undo cursor.
  writtenAfter: (tx: Tx, id: string, after: number, limit: number) =>
    tx
      .selectFrom('batch_import_rows')
      .select(['row_number', 'outcome', 'target_id', 'revision_after', 'activity_id_after', 'before'])
      .where('import_id', '=', id)
      .where('row_number', '>', after)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('row_number')
      .limit(limit)
      .execute(),

  setOutcomes: async (tx: Tx, id: string, rows: readonly RowOutcome[]): Promise<void> => {
    if (rows.length === 0) return;
    await sql`
      update batch_import_rows r set outcome = v.outcome, target_id = v.target_id,
        revision_after = v.revision_after, activity_id_after = v.activity_id_after, before = v.before,
        message = v.message
      from unnest(${rows.map((r) => r.rowNumber)}::int[], ${rows.map((r) => r.outcome)}::text[],
        ${rows.map((r) => r.targetId)}::bigint[], ${rows.map((r) => r.revisionAfter)}::int[],
        ${rows.map((r) => r.activityIdAfter)}::bigint[],
        ${rows.map((r) => (r.before === null || r.before === undefined ? null : JSON.stringify(r.before)))}::jsonb[],
        ${rows.map((r) => r.message)}::text[])
        as v(row_number, outcome, target_id, revision_after, activity_id_after, before, message)
      where r.import_id = ${id} and r.row_number = v.row_number`.execute(tx);
  },

  // Undo's outcome of each row it walked.
  setUndoOutcomes: async (
    tx: Tx,
    id: string,
    rows: readonly { rowNumber: number; outcome: 'undone' | 'kept_changed' }[],
  ): Promise<void> => {
    if (rows.length === 0) return;
    await sql`
      update batch_import_rows r set outcome = v.outcome
      from unnest(${rows.map((r) => r.rowNumber)}::int[], ${rows.map((r) => r.outcome)}::text[])
        as v(row_number, outcome)
      where r.import_id = ${id} and r.row_number = v.row_number`.execute(tx);
  },

  advance: async (
    tx: Tx,
    id: string,
    step: { cursor: number; done: number; created: number; updated: number; failed: number },
  ): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set((eb) => ({
        cursor_row: step.cursor,
        rows_done: eb('rows_done', '+', step.done),
        created: eb('created', '+', step.created),
        updated: eb('updated', '+', step.updated),
        failed: eb('failed', '+', step.failed),
      }))
      .where('id', '=', id)
      .execute();
  },

  advanceUndo: async (tx: Tx, id: string, cursor: number): Promise<void> => {
    await tx.updateTable('batch_imports').set({ undo_cursor_row: cursor }).where('id', '=', id).execute();
  },

  setResultsKey: async (tx: Tx, id: string, key: string): Promise<void> => {
    await tx.updateTable('batch_imports').set({ results_storage_key: key }).where('id', '=', id).execute();
  },

  // The last activity id of each workflow: undo's sign that nobody touched it since.
  lastActivityIds: async (tx: Tx, workflowIds: readonly string[]): Promise<Map<string, string>> => {
    if (workflowIds.length === 0) return new Map();
    const rows = await tx
      .selectFrom('workflow_activity')
      .select(['workflow_id', (eb) => eb.fn.max('id').as('last')])
      .where('workflow_id', 'in', [...workflowIds])
      .groupBy('workflow_id')
      .execute();
    return new Map(rows.map((r) => [String(r.workflow_id), String(r.last)]));
  },

  // Plan §4.5: the rows whose item changed since the import wrote it, in one statement.
  changedSince: async (tx: Tx, id: string): Promise<number[]> => {
    const rows = await sql<{ row_number: number }>`
      select r.row_number from batch_import_rows r
      left join records rec on rec.tenant_id = r.tenant_id and rec.id = r.target_id
      where r.import_id = ${id} and r.outcome in ('created', 'updated') and (
        (r.revision_after is not null and (rec.id is null or rec.revision <> r.revision_after))
        or (r.activity_id_after is not null and exists (
          select 1 from workflow_activity a
          where a.tenant_id = r.tenant_id and a.workflow_id = r.target_id and a.id > r.activity_id_after)))
      order by r.row_number`.execute(tx);
    return rows.rows.map((r) => r.row_number);
  },

  // The results file's rows in file order, with the title of what each wrote.
  resultRows: (tx: Tx, id: string, target: BatchImportTarget, after: number, limit: number) =>
    tx
      .selectFrom('batch_import_rows as r')
      .leftJoin('records as rec', (join) =>
        join
          .onRef('rec.tenant_id', '=', 'r.tenant_id')
          .onRef('rec.id', '=', 'r.target_id')
          .on(sql<boolean>`${target} = 'records'`),
      )
      .leftJoin('workflows as w', (join) =>
        join
          .onRef('w.tenant_id', '=', 'r.tenant_id')
          .onRef('w.id', '=', 'r.target_id')
          .on(sql<boolean>`${target} = 'workflows'`),
      )
      .select([
        'r.row_number',
        'r.outcome',
        'r.target_id',
        'r.message',
        'r.problems',
        'r.cells',
        'rec.title',
        'w.name',
      ])
      .where('r.import_id', '=', id)
      .where('r.row_number', '>', after)
      .orderBy('r.row_number')
      .limit(limit)
      .execute(),
};
