import {
  ApiErrorSchema,
  BATCH_IMPORT_PATHS,
  BatchImportParamsSchema,
  BatchImportSchema,
  BatchImportsPageSchema,
  BatchImportsQuerySchema,
  CreateBatchImportQuerySchema,
  IMPORT_FILE_NAME_HEADER,
  ImportMappingRequestSchema,
  ImportMappingsQuerySchema,
  ImportRowsPageSchema,
  ImportRowsQuerySchema,
  ImportUndoRefusalSchema,
  MAX_IMPORT_BYTES,
  SavedImportMappingsPageSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { declaredSize, streamBodiesUnparsed, uploadFileName } from '../../platform/files/streamed-upload.js';
import type { JobSender } from '../../platform/mail/mailer.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from '../attachments/index.js';
import { getImport, importRowsPage, listImports } from './batch-imports.service.js';
import { createBatchImportRunner } from './import-jobs.js';
import { setImportMapping } from './import-mapping.service.js';
import { openImportResults, runImport, undoImport } from './run-import.service.js';
import { deleteSavedMapping, listSavedMappings } from './saved-mappings.service.js';
import { uploadImport } from './upload-import.service.js';

const tags = ['batch-imports'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const view = { access: { permission: 'can_view_import_pipeline' } } as const;
const perform = { access: { permission: 'can_perform_batch_import' } } as const;
// Fastify's path patterns for BATCH_IMPORT_PATHS (which builds concrete paths).
const IMPORT = '/api/v1/batch-imports/:id/';
const MAPPING = '/api/v1/batch-imports/:id/mapping/';
const ROWS = '/api/v1/batch-imports/:id/rows/';
const RUN = '/api/v1/batch-imports/:id/run/';
const UNDO = '/api/v1/batch-imports/:id/undo/';
const RESULTS = '/api/v1/batch-imports/:id/results/';
const SAVED_MAPPING = '/api/v1/batch-import-mappings/:id/';

export type BatchImportsRouteDeps = {
  db: Db;
  jobs: JobSender | null;
  files: FileStore;
  realtime: RealtimePublisher;
};

// Plan §3.2 (slice 6: upload, mapping and preview, reading). Handlers only map the request to a
// service call.
export async function batchImportsRoutes(app: FastifyInstance, deps: BatchImportsRouteDeps): Promise<void> {
  const runner = createBatchImportRunner({
    db: deps.db,
    jobs: deps.jobs,
    files: deps.files,
    realtime: deps.realtime,
  });
  // The upload streams its body to the file store: no parser reads it (the app's parsers buffer and
  // stop at 1 MB), so the handler reads request.raw only after access is checked.
  await app.register(async (scope) => {
    streamBodiesUnparsed(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      BATCH_IMPORT_PATHS.imports,
      {
        config: perform,
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags,
          summary:
            'Upload a CSV or XLSX file to import (the body is the file, its name URI-encoded in X-File-Name)',
          description:
            'The file is read and its rows staged; the answer has its header row, a suggested mapping and rows_total. A file that cannot be imported is refused with its reason and nothing is kept.',
          consumes: ['*/*'],
          querystring: CreateBatchImportQuerySchema,
          response: { 201: BatchImportSchema, 413: ApiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await uploadImport(userContext(request), deps.files, {
          query: request.query,
          fileName: uploadFileName(request, IMPORT_FILE_NAME_HEADER),
          declaredSize: declaredSize(request),
          body: request.raw,
        });
        return reply.status(201).send(created);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    BATCH_IMPORT_PATHS.imports,
    {
      config: view,
      schema: {
        tags,
        summary: 'The imports, newest first',
        querystring: BatchImportsQuerySchema,
        response: { 200: BatchImportsPageSchema, ...errors },
      },
    },
    async (request) => listImports(userContext(request), request, request.query),
  );

  api.get(
    IMPORT,
    {
      config: view,
      schema: {
        tags,
        summary: 'An import: its state, counts, headers and mapping',
        params: BatchImportParamsSchema,
        response: { 200: BatchImportSchema, ...errors },
      },
    },
    async (request) => getImport(userContext(request), request.params.id),
  );

  api.put(
    MAPPING,
    {
      config: perform,
      schema: {
        tags,
        summary: "Choose what each column fills, then check every row (the preview's problems)",
        params: BatchImportParamsSchema,
        body: ImportMappingRequestSchema,
        response: { 200: BatchImportSchema, ...errors },
      },
    },
    async (request) => setImportMapping(userContext(request), request.params.id, request.body),
  );

  api.get(
    ROWS,
    {
      config: view,
      schema: {
        tags,
        summary: "An import's staged rows with their problems (problems=only for the preview)",
        params: BatchImportParamsSchema,
        querystring: ImportRowsQuerySchema,
        response: { 200: ImportRowsPageSchema, ...errors },
      },
    },
    async (request) => importRowsPage(userContext(request), request, request.params.id, request.query),
  );

  api.post(
    RUN,
    {
      config: perform,
      schema: {
        tags,
        summary: 'Run a validated import: its valid rows are written by a job, a batch at a time',
        params: BatchImportParamsSchema,
        response: { 202: BatchImportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await runImport(userContext(request), runner, request.params.id)),
  );

  api.post(
    UNDO,
    {
      config: perform,
      schema: {
        tags,
        summary: 'Undo a finished import, unless any of its rows changed since (400 naming them)',
        params: BatchImportParamsSchema,
        response: { 202: BatchImportSchema, ...errors, 400: ImportUndoRefusalSchema.or(ApiErrorSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await undoImport(userContext(request), runner, request.params.id)),
  );

  api.get(
    BATCH_IMPORT_PATHS.mappings,
    {
      config: perform,
      schema: {
        tags,
        summary:
          "An object type's or workflow kind's saved mappings (kept by PUT mapping's save_as), by name",
        querystring: ImportMappingsQuerySchema,
        response: { 200: SavedImportMappingsPageSchema, ...errors },
      },
    },
    async (request) => listSavedMappings(userContext(request), request, request.query),
  );

  api.delete(
    SAVED_MAPPING,
    {
      config: perform,
      schema: {
        tags,
        summary: 'Delete a saved mapping (imports that used it keep their own columns)',
        params: BatchImportParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedMapping(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Not through the zod type provider: the answer is a stream, which no schema describes.
  app.route<{ Params: { id: number } }>({
    method: 'GET',
    url: RESULTS,
    exposeHeadRoute: false,
    config: view,
    schema: {
      tags,
      summary:
        "An import's per-row results (row, outcome, id, title, messages, then the file's cells), as CSV",
      params: BatchImportParamsSchema,
      produces: ['text/csv'],
      response: errors,
    },
    handler: async (request, reply) => {
      const file = await openImportResults(userContext(request), deps.files, request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  });
}
