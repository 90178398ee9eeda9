import {
  type CreateWorkflowExportRequest,
  EXPORT_PATHS,
  type WorkflowExport,
  WorkflowExportSchema,
} from '@attest/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api/api-url';
import { http } from '../../../lib/api/http-client';
import { exportKeys } from './export-keys';

// Spec 1 §8 Export: 400 and 404 (and our 429) have the export's own messages, so the app-wide
// reactions are skipped.
const HANDLED = [400, 404, 429] as const;

export function createWorkflowExport(body: CreateWorkflowExportRequest): Promise<WorkflowExport> {
  return http.post(EXPORT_PATHS.exports, body, WorkflowExportSchema, { handledStatuses: HANDLED });
}

export function getWorkflowExport(id: number): Promise<WorkflowExport> {
  return http.get(EXPORT_PATHS.export(id), WorkflowExportSchema);
}

export const workflowExportQueryOptions = (id: number) =>
  queryOptions({ queryKey: exportKeys.export(id), queryFn: () => getWorkflowExport(id) });

// The file itself: a plain GET the browser follows with the session cookie.
export function workflowExportDownloadUrl(id: number): string {
  return apiUrl(EXPORT_PATHS.download(id));
}
