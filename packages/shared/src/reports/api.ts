import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { DEFAULT_LIST_ENVIRONMENT, LIST_ENVIRONMENTS } from '../workflow-list/list-query.js';

// Issue 7: the dashboards and reports API (spec 2 §2.1, §3.8, §6). A report's `config` is the
// server-named configuration of config.ts; the server validates it on every write, and the web app
// parses what it reads with parseReportConfig (an invalid stored config renders nothing, §8).
// data/ and preview/ answer ReportResultSchema (config.ts): the header row, then value rows.
export const REPORT_PATHS = {
  dashboards: '/api/v1/dashboards/',
  dashboard: (id: number) => `/api/v1/dashboards/${id}/`,
  dashboardReports: (id: number) => `/api/v1/dashboards/${id}/reports/`,
  reports: '/api/v1/reports/',
  report: (id: number) => `/api/v1/reports/${id}/`,
  reportData: (id: number) => `/api/v1/reports/${id}/data/`,
  reportCsv: (id: number) => `/api/v1/reports/${id}/data.csv`,
  preview: '/api/v1/reports/preview/',
  // Spec 2 §9.4 subscribe by e-mail (subscriptions.ts).
  reportSubscriptions: (id: number) => `/api/v1/reports/${id}/subscriptions/`,
  subscription: (id: number) => `/api/v1/report-subscriptions/${id}/`,
  subscriptionSend: (id: number) => `/api/v1/report-subscriptions/${id}/send/`,
} as const;

export const DASHBOARD_NAME_MAX_LENGTH = 200;
export const REPORT_NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
// Bound (STYLE rule 7): a dashboard holds at most this many reports.
export const REPORTS_PER_DASHBOARD_MAX = 100;
// A report's data page: the result rows after the header.
export const REPORT_DATA_MAX_LIMIT = 1000;
export const REPORT_DATA_DEFAULT_LIMIT = 500;
// The CSV download holds at most this many rows, so one request cannot stream without end.
export const REPORT_CSV_MAX_ROWS = 100_000;

export const REPORT_API_MESSAGES = {
  invalidConfig: 'The report configuration is not valid.',
  tooManyReports: `A dashboard holds at most ${REPORTS_PER_DASHBOARD_MAX} reports.`,
  emailReportNeedsAdmin:
    'Email Delivery Reports are open to administrators only (Can access admin settings).',
  objectReportNeedsRecords: 'Object Reports show records: they need the permission to view records.',
} as const;

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
export const ReportIdParamsSchema = z.object({ id: IdParam });
export const DashboardIdParamsSchema = z.object({ id: IdParam });

const Name = (max: number) => text().trim().min(1).max(max);
const Description = text().trim().max(DESCRIPTION_MAX_LENGTH);

export const DashboardsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  // Searches the names, case-insensitive.
  q: text().trim().max(200).optional(),
});
export type DashboardsQuery = z.infer<typeof DashboardsQuerySchema>;

export const DashboardSchema = z.object({
  id: Id,
  name: text(),
  description: text(),
  report_count: z.number().int(),
  created_by: Id.nullable(),
  created_at: text(),
  updated_at: text(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardsPageSchema = pageOf(DashboardSchema);
export type DashboardsPage = z.infer<typeof DashboardsPageSchema>;

export const CreateDashboardRequestSchema = z
  .object({ name: Name(DASHBOARD_NAME_MAX_LENGTH), description: Description.default('') })
  .strict();
export type CreateDashboardRequest = z.infer<typeof CreateDashboardRequestSchema>;

export const UpdateDashboardRequestSchema = z
  .object({ name: Name(DASHBOARD_NAME_MAX_LENGTH).optional(), description: Description.optional() })
  .strict();
export type UpdateDashboardRequest = z.infer<typeof UpdateDashboardRequestSchema>;

// GET reports/ (the scheduler's report picker, issue 19): the reports whose data the reader may
// read, by name, without their config; `q` searches the report's and its dashboard's names.
export const ReportsQuerySchema = DashboardsQuerySchema;
export type ReportsQuery = DashboardsQuery;
export const ReportSummarySchema = z.object({
  id: Id,
  name: text(),
  report_kind: text(),
  chart_type: text(),
  dashboard_id: Id.nullable(),
  dashboard_name: text().nullable(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;
export const ReportSummariesPageSchema = pageOf(ReportSummarySchema);
export type ReportSummariesPage = z.infer<typeof ReportSummariesPageSchema>;

// A stored report. `config` is returned as stored: the client parses it (parseReportConfig).
export const ReportSchema = z.object({
  id: Id,
  dashboard_id: Id.nullable(),
  name: text(),
  description: text(),
  report_kind: text(),
  chart_type: text(),
  config: z.record(text(), z.unknown()),
  position: z.number().int(),
  created_by: Id.nullable(),
  created_at: text(),
  updated_at: text(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.object({ results: z.array(ReportSchema), count: z.number().int() });
export type ReportList = z.infer<typeof ReportListSchema>;

// The config is checked against ReportConfigSchema by the service, so the 400 names each problem
// by its path in the config (`config.group_by.0.source`).
const ConfigBody = z.record(text(), z.unknown());

export const CreateReportRequestSchema = z
  .object({
    dashboard_id: Id.nullable().default(null),
    name: Name(REPORT_NAME_MAX_LENGTH),
    description: Description.default(''),
    config: ConfigBody,
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type CreateReportRequest = z.infer<typeof CreateReportRequestSchema>;

export const UpdateReportRequestSchema = z
  .object({
    name: Name(REPORT_NAME_MAX_LENGTH).optional(),
    description: Description.optional(),
    config: ConfigBody.optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type UpdateReportRequest = z.infer<typeof UpdateReportRequestSchema>;

// Issue 15: a report reads Production's workflows unless asked for a test environment's (or ALL),
// which only people with can_access_studio may ask for (as the dashboard's list).
const ReportEnvironment = z.enum(LIST_ENVIRONMENTS).default(DEFAULT_LIST_ENVIRONMENT);

export const ReportDataQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REPORT_DATA_MAX_LIMIT).default(REPORT_DATA_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  environment: ReportEnvironment,
});
export type ReportDataQuery = z.infer<typeof ReportDataQuerySchema>;

export const PreviewReportRequestSchema = z
  .object({
    config: ConfigBody,
    limit: z.number().int().min(1).max(REPORT_DATA_MAX_LIMIT).default(REPORT_DATA_DEFAULT_LIMIT),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    environment: ReportEnvironment,
  })
  .strict();
export type PreviewReportRequest = z.infer<typeof PreviewReportRequestSchema>;
