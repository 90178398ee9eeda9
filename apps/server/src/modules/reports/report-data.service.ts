import { Readable } from 'node:stream';
import {
  type PreviewReportRequest,
  REPORT_CSV_MAX_ROWS,
  type ReportConfig,
  type ReportDataQuery,
  type ReportResult,
  reportFileName,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import { withTenantReadOnly } from '../../platform/read-replica/read-only.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { CSV_BOM, csvLine } from '../exports/index.js';
import { checkListEnvironment } from '../workflow-list/index.js';
import { runReport } from './engine/run-report.js';
import { checkedReportConfig } from './report-config.js';
import { reportKindRefusal } from './report-visibility.js';
import { reportsRepository } from './reports.repository.js';

// The Email Delivery Report counts the whole tenant's outgoing mail (sign-in codes and invitations
// included, by recipient domain): administrators only; an Object Report needs the permission to view
// records (reportKindRefusal). Workflow reports keep to what the reader may see, so they need
// nothing more than the report permission.
function runnableConfig(ctx: UserContext, stored: unknown): ReportConfig {
  const config = checkedReportConfig(stored);
  const refusal = reportKindRefusal(config.report_kind, ctx.auth.permissions);
  if (refusal) throw refusal;
  return config;
}

// The report runs for the signed-in user, its status labels in their language (issue 14).
const readerOf = (ctx: UserContext) => ({ userId: ctx.auth.user.id, locale: readerLocale(ctx) });

// A stored report's results for the signed-in user (the engine keeps to the workflows they may
// see). A stored config that no longer validates answers 400 with its problems.
export function reportData(ctx: UserContext, id: number, query: ReportDataQuery): Promise<ReportResult> {
  const { environment, ...page } = query;
  checkListEnvironment(ctx, { environment });
  return withTenantReadOnly(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await reportsRepository.find(tx, String(id));
    if (!row) throw new NotFoundError();
    return runReport(
      tx,
      ctx.tenant.id,
      { ...readerOf(ctx), environment },
      runnableConfig(ctx, row.config),
      page,
    );
  });
}

// The builder's preview: an unsaved config, run exactly as a saved one would be.
export function previewReport(ctx: UserContext, body: PreviewReportRequest): Promise<ReportResult> {
  checkListEnvironment(ctx, body);
  const config = runnableConfig(ctx, body.config);
  return withTenantReadOnly(ctx.db, ctx.tenant.id, (tx) =>
    runReport(tx, ctx.tenant.id, { ...readerOf(ctx), environment: body.environment }, config, {
      limit: body.limit,
      offset: body.offset,
    }),
  );
}

// Cells as the CSV writer takes them: booleans as text, numbers kept numeric.
function csvCells(row: readonly unknown[]) {
  return row.map((cell) =>
    cell === null || cell === undefined ? null : typeof cell === 'number' ? cell : String(cell),
  );
}

// The whole result (at most REPORT_CSV_MAX_ROWS rows) as CSV: the header row first, text cells
// neutralised against formula injection by the exports module's writer. The query runs before the
// answer starts, so no transaction stays open while the client reads.
export async function reportCsv(ctx: UserContext, id: number) {
  const { name, result } = await withTenantReadOnly(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await reportsRepository.find(tx, String(id));
    if (!row) throw new NotFoundError();
    const config = runnableConfig(ctx, row.config);
    const page = { limit: REPORT_CSV_MAX_ROWS, offset: 0 };
    return {
      name: row.name,
      result: await runReport(tx, ctx.tenant.id, readerOf(ctx), config, page),
    };
  });
  return { fileName: reportFileName(name, new Date(), 'csv'), stream: Readable.from(reportCsvLines(result)) };
}

// A result as CSV lines, BOM first; the download above and the e-mailed report share it.
export function* reportCsvLines(result: ReportResult) {
  yield CSV_BOM;
  for (const row of result.results) yield csvLine(csvCells(row));
}
