import { z } from 'zod';
import { text } from './validators/input-limits.js';
import {
  encodeListQuery,
  listQueryFromSearch,
  WorkflowListQuerySchema,
  type WorkflowListState,
} from './workflow-list/list-query.js';

// Issue 5, spec 1 §7 'POST workflows/export/ (v2)': the dashboard exports the kind it shows with the
// list's current filters. The export runs as a job; the browser polls it for progress and downloads
// the file when it is finished. Only the user who asked sees an export.
export const EXPORT_PATHS = {
  exports: '/api/v2/workflows/export/',
  export: (id: number) => `/api/v2/workflows/export/${id}/`,
  download: (id: number) => `/api/v2/workflows/export/${id}/download/`,
} as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const EXPORT_STATES = ['queued', 'running', 'finished', 'failed'] as const;
export const ExportStateSchema = z.enum(EXPORT_STATES);
export type ExportState = z.infer<typeof ExportStateSchema>;

// The body: the kind, the list's filters exactly as GET workflows/ takes them (its query string's
// parameters; decodeListQuery reads both), and the format. Paging is not a filter: every matching row
// is exported, in the list's ordering.
export const CreateWorkflowExportRequestSchema = WorkflowListQuerySchema.omit({
  kind_id: true,
  page: true,
  limit: true,
  offset: true,
})
  .extend({ kind_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), format: ExportFormatSchema })
  .strict();
export type CreateWorkflowExportRequest = z.infer<typeof CreateWorkflowExportRequestSchema>;

// The body for the list the dashboard shows: its filters encoded exactly as its GET workflows/ query.
export function exportRequestFromList(
  kindId: number,
  list: Partial<WorkflowListState>,
  format: ExportFormat,
): CreateWorkflowExportRequest {
  const {
    kind_id: _kind,
    page: _page,
    limit: _limit,
    offset: _offset,
    ...filters
  } = listQueryFromSearch(encodeListQuery(list));
  return { ...filters, kind_id: kindId, format };
}

// A finished file can be downloaded for this long; then the hourly purge deletes it.
export const EXPORT_RETENTION_HOURS = 24;
// A user's exports queued or running at once (STYLE rule 7: one person cannot fill the job queue).
export const MAX_ACTIVE_EXPORTS_PER_USER = 3;
// How often the browser asks for progress while an export is queued or running.
export const EXPORT_POLL_INTERVAL_MS = 1500;

// Spec 1 §8 Export: the messages the catalogue names, as the server's details and the web's keys.
export const EXPORT_MESSAGES = {
  noWorkflows: 'no workflows to export',
  invalidParams: 'invalid export params',
  failed: 'The export failed. Please try again.',
  tooMany: `You already have ${MAX_ACTIVE_EXPORTS_PER_USER} exports in progress. Wait for one to finish.`,
} as const;
export const EXPORT_ERROR_CODES = {
  noWorkflows: 'no_workflows_to_export',
  invalidParams: 'invalid_export_params',
  tooMany: 'too_many_exports',
} as const;

export const WorkflowExportSchema = z.object({
  id: z.number().int(),
  kind_id: z.number().int(),
  format: ExportFormatSchema,
  state: ExportStateSchema,
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  // The name the download is saved under: '<kind>-<yyyy-mm-dd>.csv'.
  file_name: text(),
  // Set when state is 'failed': a sentence for the user, never an internal error.
  error: text().nullable(),
  created_at: text(),
  finished_at: text().nullable(),
  expires_at: text(),
});
export type WorkflowExport = z.infer<typeof WorkflowExportSchema>;

// A kind's name made safe as a file name: letters, digits and dashes, at most 60 characters.
export function exportFileName(kindName: string, day: Date, format: ExportFormat): string {
  const slug = kindName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'workflows'}-${day.toISOString().slice(0, 10)}.${format}`;
}

// Progress as a whole percentage, for the notification's bar.
export function exportPercent(exported: Pick<WorkflowExport, 'rows_done' | 'rows_total' | 'state'>): number {
  if (exported.state === 'finished') return 100;
  if (exported.rows_total <= 0) return 0;
  return Math.min(100, Math.floor((exported.rows_done / exported.rows_total) * 100));
}
