import {
  ApiErrorSchema,
  BATCH_UPDATE_PATHS,
  BatchUpdateItemsPageSchema,
  BatchUpdateItemsQuerySchema,
  BatchUpdateParamsSchema,
  BatchUpdateSchema,
  BatchUpdatesPageSchema,
  BatchUpdateUndoRefusalSchema,
  CreateBatchUpdateRequestSchema,
  IdsFileSchema,
  MAX_IDS_FILE_BYTES,
  PageQuerySchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { declaredSize, streamBodiesUnparsed, uploadFileName } from '../../platform/files/streamed-upload.js';
import { pageResponse } from '../../platform/page-response.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from '../attachments/index.js';
import type { StepIntegrations } from '../workflows/index.js';
import {
  applyBatchUpdate,
  batchUpdateItems,
  createBatchUpdate,
  getBatchUpdate,
  listBatchUpdates,
  undoBatchUpdate,
} from './batch-updates.service.js';
import { uploadIdsFile } from './ids-file.js';
import { batchUpdateResults } from './results-file.js';
import { createBatchUpdateRunner } from './update-runner.js';

const tags = ['batch-updates'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: batch import and update are for people with 'Can perform batch import' (plan §3.3).
const access = { access: { permission: 'can_perform_batch_import' } } as const;
const one = '/api/v1/batch-updates/:id/';

export type BatchUpdatesRouteDeps = {
  db: Db;
  jobs: { send(queue: string, data: object, options?: object): Promise<unknown> } | null;
  realtime: RealtimePublisher;
  integrations: StepIntegrations;
  files: FileStore;
};

export async function batchUpdatesRoutes(
  server: FastifyInstance,
  deps: BatchUpdatesRouteDeps,
): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();
  const runner = createBatchUpdateRunner({
    db: deps.db,
    jobs: deps.jobs,
    realtime: deps.realtime,
    integrations: deps.integrations,
  });

  api.get(
    BATCH_UPDATE_PATHS.updates,
    {
      config: access,
      schema: {
        tags,
        summary: "The person's own batch updates, newest first",
        querystring: PageQuerySchema,
        response: { 200: BatchUpdatesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listBatchUpdates(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    BATCH_UPDATE_PATHS.updates,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Start a batch update of workflows or of one type's records: the selection (the list's filters, ids or an uploaded ids file) is frozen into items and a job previews each one's before and after (state 'selecting', then 'previewed')",
        body: CreateBatchUpdateRequestSchema,
        response: { 201: BatchUpdateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const update = await createBatchUpdate(userContext(request), request.body, runner, deps.files);
      return reply.status(201).send(update);
    },
  );

  // The file streams to the file store: no parser reads it (the app's parsers buffer and stop at 1 MB).
  await server.register(async (scope) => {
    streamBodiesUnparsed(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      BATCH_UPDATE_PATHS.idsFile,
      {
        config: access,
        bodyLimit: MAX_IDS_FILE_BYTES,
        schema: {
          tags,
          summary:
            "Upload a file of ids (CSV or text, one id a line, a header line optional) to select by: answers {ids_file, count} for a batch update's selection",
          description:
            "Read by the batch imports' file reader, with its limits and refusals; at most 100,000 ids. Its name, URI-encoded, may come in X-File-Name.",
          consumes: ['*/*'],
          response: { 201: IdsFileSchema, 413: ApiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const file = await uploadIdsFile(userContext(request), deps.files, {
          fileName: uploadFileName(request, 'x-file-name'),
          declaredSize: declaredSize(request),
          body: request.raw,
        });
        return reply.status(201).send(file);
      },
    );
  });

  api.get(
    one,
    {
      config: access,
      schema: {
        tags,
        summary: 'A batch update: its state and progress',
        params: BatchUpdateParamsSchema,
        response: { 200: BatchUpdateSchema, ...errors },
      },
    },
    async (request) => getBatchUpdate(userContext(request), request.params.id),
  );

  api.get(
    `${one}items/`,
    {
      config: access,
      schema: {
        tags,
        summary: "A batch update's items with their before, after and outcome, paged, by outcome",
        params: BatchUpdateParamsSchema,
        querystring: BatchUpdateItemsQuerySchema,
        response: { 200: BatchUpdateItemsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { items, count } = await batchUpdateItems(userContext(request), request.params.id, request.query);
      return pageResponse(request, items, count, request.query);
    },
  );

  api.post(
    `${one}apply/`,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Apply a previewed batch update in a background job (state 'queued', 'running', then 'finished')",
        params: BatchUpdateParamsSchema,
        response: { 202: BatchUpdateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await applyBatchUpdate(userContext(request), request.params.id, runner)),
  );

  api.post(
    `${one}undo/`,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Undo a finished batch update in a background job ('undoing', then 'undone'); refused (400 batch_update_changed_since, with target_ids) when any changed workflow was changed since",
        params: BatchUpdateParamsSchema,
        // The changed-since refusal names the items (target_ids); other 400s are plain.
        response: {
          202: BatchUpdateSchema,
          ...errors,
          400: z.union([BatchUpdateUndoRefusalSchema, ApiErrorSchema]),
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await undoBatchUpdate(userContext(request), request.params.id, runner)),
  );

  // Not through the zod type provider: the answer is a stream, which no schema describes.
  server.route<{ Params: { id: number } }>({
    method: 'GET',
    url: `${one}results/`,
    exposeHeadRoute: false,
    config: access,
    schema: {
      tags,
      summary: "A batch update's per-item results as CSV: id, name, outcome, message, before and after",
      params: BatchUpdateParamsSchema,
      produces: ['text/csv; charset=utf-8'],
      response: errors,
    },
    handler: async (request, reply) => {
      const stream = await batchUpdateResults(userContext(request), request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`batch-update-${request.params.id}.csv`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(stream);
    },
  });
}
