import type { Readable } from 'node:stream';
import {
  type CreateWorkflowExportRequest,
  decodeListQuery,
  EXPORT_ERROR_CODES,
  EXPORT_MESSAGES,
  EXPORT_RETENTION_HOURS,
  exportFileName,
  MAX_ACTIVE_EXPORTS_PER_USER,
  type WorkflowExport,
} from '@attest/shared';
import { AppError, BadRequestError, DetailedBadRequestError, NotFoundError } from '../../platform/errors.js';
import { FileNotFoundError, type FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { checkListEnvironment } from '../workflow-list/index.js';
import { findKind } from './export-lookups.repository.js';
import type { ExportRunner } from './export-runner.js';
import {
  countSelected,
  type ExportScope,
  type ExportSelectionInput,
  exportScope,
} from './export-selection.js';
import { exportsRepository, toWorkflowExport } from './exports.repository.js';

// Spec 1 §8 Export 400 'invalid export params', with the reason per parameter.
export class TooManyExportsError extends AppError {
  constructor() {
    super(429, EXPORT_ERROR_CODES.tooMany, EXPORT_MESSAGES.tooMany);
  }
}

export class InvalidExportParamsError extends AppError {
  constructor(reasons: Record<string, string[]>) {
    super(400, EXPORT_ERROR_CODES.invalidParams, EXPORT_MESSAGES.invalidParams, reasons);
  }
}

// The list's refusals of a filter (an advanced filter's problem, an ordering on no field) are the
// export's 400 'invalid export params', with the same reason.
async function listScopeOrRefusal(tx: Tx, input: ExportSelectionInput): Promise<ExportScope> {
  try {
    return await exportScope(tx, input);
  } catch (error) {
    if (error instanceof DetailedBadRequestError) {
      throw new InvalidExportParamsError({ advanced_filters: [error.message] });
    }
    if (error instanceof BadRequestError) {
      throw new InvalidExportParamsError(error.fieldErrors ?? { non_field_errors: [error.message] });
    }
    throw error;
  }
}

// Checks the filters as the list does, counts the rows (none: 404 'no workflows to export'), records
// the export and hands it to the job queue once recorded.
export async function createExport(
  ctx: UserContext,
  body: CreateWorkflowExportRequest,
  runner: ExportRunner,
): Promise<WorkflowExport> {
  const { kind_id: kindId, format, ...filters } = body;
  const decoded = decodeListQuery({ ...filters, kind_id: String(kindId) });
  if (!decoded.ok) {
    const { param, key, detail } = decoded.problem;
    throw new InvalidExportParamsError({ [param]: [detail ?? key] });
  }
  // Test workflows only for people with can_access_studio, as the list (issue 15).
  checkListEnvironment(ctx, decoded.state);
  const userId = ctx.auth.user.id;
  const created = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await findKind(tx, ctx.tenant.id, String(kindId));
    if (!kind) throw new NotFoundError(EXPORT_MESSAGES.noWorkflows, EXPORT_ERROR_CODES.noWorkflows);
    if ((await exportsRepository.activeCount(tx, ctx.tenant.id, userId)) >= MAX_ACTIVE_EXPORTS_PER_USER) {
      throw new TooManyExportsError();
    }
    const scope = await listScopeOrRefusal(tx, { tenantId: ctx.tenant.id, userId, state: decoded.state });
    const rowsTotal = await countSelected(tx, scope);
    if (rowsTotal === 0) throw new NotFoundError(EXPORT_MESSAGES.noWorkflows, EXPORT_ERROR_CODES.noWorkflows);
    return exportsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      userId,
      kindId: kind.id,
      params: filters,
      format,
      fileName: exportFileName(kind.name, new Date(), format),
      rowsTotal,
      retentionHours: EXPORT_RETENTION_HOURS,
    });
  });
  await runner.dispatch({ tenantId: ctx.tenant.id, exportId: created.id });
  return toWorkflowExport(created);
}

// The user's own export, for its progress. Another user's, another tenant's or an expired one: 404.
export async function getExport(ctx: UserContext, id: number): Promise<WorkflowExport> {
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    exportsRepository.findOwn(tx, ctx.tenant.id, ctx.auth.user.id, id),
  );
  if (!row) throw new NotFoundError();
  return toWorkflowExport(row);
}

export type ExportDownload = { fileName: string; format: WorkflowExport['format']; stream: Readable };

// The finished file of the user's own export; not finished yet (or failed) is not found either.
export async function openExportDownload(
  ctx: UserContext,
  files: FileStore,
  id: number,
): Promise<ExportDownload> {
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    exportsRepository.findOwn(tx, ctx.tenant.id, ctx.auth.user.id, id),
  );
  if (row?.state !== 'finished' || !row.storage_key) throw new NotFoundError();
  try {
    return { fileName: row.file_name, format: row.format, stream: await files.open(row.storage_key) };
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new NotFoundError();
    throw error;
  }
}
