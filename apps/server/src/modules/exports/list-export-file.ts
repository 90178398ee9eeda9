import type { Readable } from 'node:stream';
import { type CreateWorkflowExportRequest, EXPORT_ERROR_CODES } from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import type { ExportRunner } from './export-runner.js';
import { exportsRepository } from './exports.repository.js';
import { createExport } from './exports.service.js';

export type ListExportFile = { fileName: string; rows: number; size: number; open(): Promise<Readable> };

// A workflow list exported at once, as `ctx`'s user (their filters' checks, visibility and limit on
// active exports, the same file as the Export button makes), for a job that sends the file on (the
// scheduler). Null when no workflow matches. The file stays the user's own export, downloadable and
// purged after EXPORT_RETENTION_HOURS like any other.
export async function writeListExportFile(
  ctx: UserContext,
  body: CreateWorkflowExportRequest,
  runner: ExportRunner,
  files: FileStore,
): Promise<ListExportFile | null> {
  const quiet: ExportRunner = { ...runner, dispatch: async () => undefined };
  let created: Awaited<ReturnType<typeof createExport>>;
  try {
    created = await createExport(ctx, body, quiet);
  } catch (error) {
    if (error instanceof AppError && error.code === EXPORT_ERROR_CODES.noWorkflows) return null;
    throw error;
  }
  const state = await runner.run(ctx.tenant.id, String(created.id));
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    exportsRepository.finishedFile(tx, ctx.tenant.id, String(created.id)),
  );
  if (state !== 'finished' || row?.state !== 'finished' || !row.storage_key) {
    throw new Error(row?.error ?? 'The export could not be written.');
  }
  const storageKey = row.storage_key;
  return {
    fileName: row.file_name,
    rows: row.rows_done,
    size: Number(row.size_bytes ?? 0),
    open: () => files.open(storageKey),
  };
}
