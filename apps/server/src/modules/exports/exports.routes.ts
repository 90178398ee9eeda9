import {
  ApiErrorSchema,
  CreateWorkflowExportRequestSchema,
  EXPORT_PATHS,
  MAX_ACTIVE_EXPORTS_PER_USER,
  WorkflowExportSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../platform/files/file-store.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from '../attachments/index.js';
import type { ExportRunner } from './export-runner.js';
import { createExport, getExport, InvalidExportParamsError, openExportDownload } from './exports.service.js';

const tags = ['exports'];
const access = { permission: 'can_export_workflow_data' } as const;
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const IdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

// Spec 1 §7 POST workflows/export/ (v2) and the calls that follow it: progress and the file.
// What the export routes use of the process's services.
export type ExportsRouteDeps = { workflowExports: ExportRunner; files: FileStore };

export async function exportsRoutes(app: FastifyInstance, deps: ExportsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    EXPORT_PATHS.exports,
    {
      config: { access, lane: 'expensive' },
      // A malformed body answers the export's own 400 (spec 1 §8 'invalid export params') with the
      // reason per parameter, like a filter the list refuses.
      attachValidation: true,
      schema: {
        tags,
        summary: "Export a kind's workflows matching the list's filters to CSV or XLSX, as a job",
        description: `The body holds GET workflows/' filters. 202 with the export; poll it for progress. 404 'no workflows to export' when nothing matches; 400 'invalid export params' with the reason; 429 while the user has ${MAX_ACTIVE_EXPORTS_PER_USER} exports queued or running.`,
        body: CreateWorkflowExportRequestSchema,
        response: { 202: WorkflowExportSchema, 400: ApiErrorSchema, ...errors, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const invalid = request.validationError;
      if (invalid) {
        const reasons: Record<string, string[]> = {};
        if (hasZodFastifySchemaValidationErrors(invalid)) {
          for (const issue of invalid.validation) {
            const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
            reasons[field] = [...(reasons[field] ?? []), issue.message ?? 'Invalid value.'];
          }
        }
        throw new InvalidExportParamsError(reasons);
      }
      const created = await createExport(userContext(request), request.body, deps.workflowExports);
      return reply.status(202).send(created);
    },
  );

  api.get(
    '/api/v2/workflows/export/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One of your exports: its state and progress (rows done of rows total)',
        params: IdParamsSchema,
        response: { 200: WorkflowExportSchema, ...errors },
      },
    },
    async (request) => getExport(userContext(request), request.params.id),
  );

  // Not through the zod type provider: the answer is a stream, which no schema describes.
  app.route<{ Params: { id: number } }>({
    method: 'GET',
    url: '/api/v2/workflows/export/:id/download/',
    exposeHeadRoute: false,
    config: { access },
    schema: {
      tags,
      summary: "A finished export's file, as a download named '<kind>-<yyyy-mm-dd>.<format>'",
      params: IdParamsSchema,
      produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      response: errors,
    },
    handler: async (request, reply) => {
      const file = await openExportDownload(userContext(request), deps.files, request.params.id);
      reply
        .header('content-type', CONTENT_TYPES[file.format])
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  });
}
