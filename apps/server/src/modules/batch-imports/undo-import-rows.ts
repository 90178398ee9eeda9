import { sql } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type RecordBefore, undoImportedRecord } from '../records/index.js';
import { importUndoRepository } from './import-undo.repository.js';
import { undoImportedWorkflow, type WorkflowBefore } from './update-imported-workflow.js';
import type { RunPlan } from './write-import-rows.js';

// Plan §4.5: one batch of an import's written rows undone, each re-checked under its item's lock. A
// created item is deleted, an updated one gets its values back (a workflow its answers and place);
// an item changed since the import (or, for a record, named by a workflow since) is kept and its row
// reported 'kept_changed'.

type WrittenRow = {
  row_number: number;
  outcome: string | null;
  target_id: string | null;
  revision_after: number | null;
  activity_id_after: string | null;
  before: unknown;
};

export async function undoImportBatch(
  tx: Tx,
  plan: RunPlan,
  rows: readonly WrittenRow[],
): Promise<{ rowNumber: number; outcome: 'undone' | 'kept_changed' }[]> {
  const results: { rowNumber: number; outcome: 'undone' | 'kept_changed' }[] = [];
  for (const row of rows) {
    if (row.target_id === null) continue;
    const type = plan.spec.objectType;
    if (type) {
      const outcome = await undoImportedRecord(tx, type, plan.writer, {
        recordId: row.target_id,
        revisionAfter: row.revision_after ?? -1,
        before: row.outcome === 'updated' ? ((row.before as RecordBefore | null) ?? null) : null,
      });
      results.push({ rowNumber: row.row_number, outcome });
      continue;
    }
    if (row.outcome === 'updated') {
      results.push({ rowNumber: row.row_number, outcome: await undoUpdatedWorkflow(tx, plan, row) });
      continue;
    }
    const deleted = await importUndoRepository.deleteUnchangedWorkflow(
      tx,
      row.target_id,
      row.activity_id_after ?? '0',
    );
    results.push({ rowNumber: row.row_number, outcome: deleted ? 'undone' : 'kept_changed' });
  }
  return results;
}

// In its own savepoint: an answer the engine refuses to put back (a step locked since, say) keeps
// the workflow as it is, and the rest of the batch is undone.
async function undoUpdatedWorkflow(
  tx: Tx,
  plan: RunPlan,
  row: WrittenRow,
): Promise<'undone' | 'kept_changed'> {
  if (!plan.actor || row.target_id === null) return 'kept_changed';
  await sql`savepoint undo_row`.execute(tx);
  try {
    const outcome = await undoImportedWorkflow(tx, {
      actor: plan.actor,
      importId: plan.writer.importId,
      workflowId: row.target_id,
      activityIdAfter: row.activity_id_after,
      before: (row.before as WorkflowBefore | null) ?? null,
    });
    await sql`release savepoint undo_row`.execute(tx);
    return outcome;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await sql`rollback to savepoint undo_row`.execute(tx);
    return 'kept_changed';
  }
}
