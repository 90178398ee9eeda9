import {
  type CreateReportRequest,
  REPORT_API_MESSAGES,
  REPORTS_PER_DASHBOARD_MAX,
  type Report,
  type ReportSummary,
  type ReportsQuery,
  type UpdateReportRequest,
} from '@attest/shared';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { checkedReportConfig } from './report-config.js';
import { reportKindRefusal } from './report-visibility.js';
import { dashboardsRepository, reportsRepository } from './reports.repository.js';

type Row = {
  id: string;
  dashboard_id: string | null;
  name: string;
  description: string;
  report_kind: string;
  chart_type: string;
  config: unknown;
  position: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function toReport(row: Row): Report {
  return {
    id: Number(row.id),
    dashboard_id: row.dashboard_id === null ? null : Number(row.dashboard_id),
    name: row.name,
    description: row.description,
    report_kind: row.report_kind,
    chart_type: row.chart_type,
    config: asRecord(row.config),
    position: row.position,
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// A dashboard's reports in their order; another tenant's dashboard does not exist here (404).
export function listDashboardReports(ctx: UserContext, dashboardId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await dashboardsRepository.find(tx, String(dashboardId)))) throw new NotFoundError();
    const rows = await reportsRepository.listOfDashboard(tx, String(dashboardId));
    return { results: rows.map(toReport), count: rows.length };
  });
}

// Kinds whose data needs more than 'Can view process report' (report-visibility.ts).
const GUARDED_KINDS = ['email_delivery', 'object'] as const;

// Every report of the tenant the reader may run, by name (the scheduler's report picker): a report
// the reader could not run is not offered.
export function listReports(ctx: UserContext, query: ReportsQuery) {
  const hiddenKinds = GUARDED_KINDS.filter((kind) => reportKindRefusal(kind, ctx.auth.permissions));
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await reportsRepository.page(tx, { ...query, hiddenKinds });
    const results: ReportSummary[] = rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      report_kind: row.report_kind,
      chart_type: row.chart_type,
      dashboard_id: row.dashboard_id === null ? null : Number(row.dashboard_id),
      dashboard_name: row.dashboard_name,
    }));
    return { rows: results, count };
  });
}

export function getReport(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await reportsRepository.find(tx, String(id));
    if (!row) throw new NotFoundError();
    return toReport(row);
  });
}

export function createReport(ctx: UserContext, body: CreateReportRequest) {
  const config = checkedReportConfig(body.config);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    let position = body.position ?? 0;
    if (body.dashboard_id !== null) {
      const dashboardId = String(body.dashboard_id);
      // A dashboard of another tenant is not found: the 400 names the field, as for any bad id.
      if (!(await dashboardsRepository.lock(tx, dashboardId))) {
        throw new BadRequestError(undefined, { dashboard_id: ['Not found.'] });
      }
      if ((await reportsRepository.countOfDashboard(tx, dashboardId)) >= REPORTS_PER_DASHBOARD_MAX) {
        throw new BadRequestError(REPORT_API_MESSAGES.tooManyReports);
      }
      position = body.position ?? (await reportsRepository.nextPosition(tx, dashboardId));
    }
    const row = await reportsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      dashboardId: body.dashboard_id === null ? null : String(body.dashboard_id),
      name: body.name,
      description: body.description,
      reportKind: config.report_kind,
      chartType: config.chart_type,
      config,
      position,
      createdBy: ctx.auth.user.id,
    });
    return toReport(row);
  });
}

export function updateReport(ctx: UserContext, id: number, body: UpdateReportRequest) {
  const config = body.config === undefined ? undefined : checkedReportConfig(body.config);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await reportsRepository.update(tx, String(id), {
      name: body.name,
      description: body.description,
      position: body.position,
      config: config && { value: config, reportKind: config.report_kind, chartType: config.chart_type },
    });
    if (!row) throw new NotFoundError();
    return toReport(row);
  });
}

// One transaction: the report and every user's favourite of it.
export function deleteReport(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await reportsRepository.delete(tx, String(id)))) throw new NotFoundError();
    await reportsRepository.deleteFavourites(tx, [String(id)]);
  });
}
