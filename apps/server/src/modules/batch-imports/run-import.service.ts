import type { Readable } from 'node:stream';
import { BATCH_IMPORT_ERROR_CODES, BATCH_IMPORT_MESSAGES, type BatchImport } from '@attest/shared';
import { AppError, DetailedBadRequestError, NotFoundError } from '../../platform/errors.js';
import { FileNotFoundError, type FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { importDetail } from './batch-import-api.js';
import { batchImportsRepository } from './batch-imports.repository.js';
import { BATCH_IMPORT_RUN_QUEUE, BATCH_IMPORT_UNDO_QUEUE, type BatchImportRunner } from './import-jobs.js';
import { importRunRepository } from './import-run.repository.js';
import { importViewer } from './import-visibility.js';
import { writeResultsFile } from './results-file.js';

// Plan §3.2, §4.4-4.6: run a validated import, undo a finished one, read its per-row results.

const refuse = (code: keyof typeof BATCH_IMPORT_ERROR_CODES, message: string) =>
  new AppError(400, BATCH_IMPORT_ERROR_CODES[code], message);

async function detail(ctx: UserContext, importId: string): Promise<BatchImport> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await batchImportsRepository.byId(tx, importId);
    if (!row) throw new NotFoundError();
    return importDetail(row);
  });
}

// Only from 'validated', with a valid row: queued, then handed to the job after the commit.
export async function runImport(
  ctx: UserContext,
  runner: BatchImportRunner,
  id: number,
): Promise<BatchImport> {
  const importId = String(id);
  await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await batchImportsRepository.byId(tx, importId, importViewer(ctx));
    if (!row) throw new NotFoundError();
    const head = await importRunRepository.lock(tx, importId);
    if (head?.state === 'parsed' || head?.state === 'validating')
      throw refuse('notValidated', BATCH_IMPORT_MESSAGES.notValidated);
    if (head?.state !== 'validated') throw refuse('notRunnable', BATCH_IMPORT_MESSAGES.notRunnable);
    if (row.rows_valid === 0) throw refuse('nothingToImport', BATCH_IMPORT_MESSAGES.nothingToImport);
    await importRunRepository.setState(tx, importId, 'queued');
  });
  await runner.dispatch(BATCH_IMPORT_RUN_QUEUE, { tenantId: ctx.tenant.id, importId });
  return detail(ctx, importId);
}

// Plan §4.5: every written row checked at once; any changed since refuses the whole undo.
export async function undoImport(
  ctx: UserContext,
  runner: BatchImportRunner,
  id: number,
): Promise<BatchImport> {
  const importId = String(id);
  await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await batchImportsRepository.byId(tx, importId, importViewer(ctx)))) throw new NotFoundError();
    const head = await importRunRepository.lock(tx, importId);
    if (head?.state === 'undone' || head?.state === 'undoing')
      throw refuse('alreadyUndone', BATCH_IMPORT_MESSAGES.alreadyUndone);
    if (head?.state !== 'finished') throw refuse('notFinished', BATCH_IMPORT_MESSAGES.notFinished);
    const changed = await importRunRepository.changedSince(tx, importId);
    // 400 import_changed_since, naming the rows (ImportUndoRefusalSchema).
    if (changed.length > 0) {
      const message = BATCH_IMPORT_MESSAGES.changedSince(changed);
      throw new DetailedBadRequestError(BATCH_IMPORT_ERROR_CODES.changedSince, message, { rows: changed });
    }
    await importRunRepository.startUndo(tx, importId, ctx.auth.user.id);
  });
  await runner.dispatch(BATCH_IMPORT_UNDO_QUEUE, { tenantId: ctx.tenant.id, importId });
  return detail(ctx, importId);
}

// The stored results file, written again when it is missing (a worker died before storing it, or
// the store lost it). Only once the run has ended.
export async function openImportResults(
  ctx: UserContext,
  files: FileStore,
  id: number,
): Promise<{ fileName: string; stream: Readable }> {
  const importId = String(id);
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    batchImportsRepository.byId(tx, importId, importViewer(ctx)),
  );
  if (!row) throw new NotFoundError();
  if (!['finished', 'undoing', 'undone', 'failed'].includes(row.state))
    throw refuse('notFinished', BATCH_IMPORT_MESSAGES.resultsNotReady);
  const fileName = `${row.file_name.replace(/\.(csv|xlsx)$/i, '')}-results.csv`;
  if (row.results_storage_key) {
    try {
      return { fileName, stream: await files.open(row.results_storage_key) };
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
    }
  }
  const key = await writeResultsFile(ctx.db, files, ctx.tenant.id, importId);
  if (!key) throw new NotFoundError();
  return { fileName, stream: await files.open(key) };
}
