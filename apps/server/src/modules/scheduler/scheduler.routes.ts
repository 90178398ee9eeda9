import {
  ApiErrorSchema,
  ImpersonationErrorSchema,
  PageQuerySchema,
  SCHEDULER_PATHS,
  ScheduledExportEnabledSchema,
  ScheduledExportIdParamsSchema,
  ScheduledExportRunsPageSchema,
  ScheduledExportSchema,
  ScheduledExportsPageSchema,
  ScheduledExportTestRequestSchema,
  ScheduledExportTestResultSchema,
  ScheduledExportWriteSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import {
  createScheduledExport,
  deleteScheduledExport,
  getScheduledExport,
  listScheduledExportRuns,
  listScheduledExports,
  runScheduledExportNow,
  type SchedulerDeps,
  setScheduledExportEnabled,
  updateScheduledExport,
} from './scheduler.service.js';
import { testScheduledExportDestination } from './scheduler-destination-test.js';

const tags = ['scheduler'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 434: ImpersonationErrorSchema };
// 'Can access scheduler' opens every route; each destination kind's change or delete permission is
// asked by the service (spec 2 §6). Never on someone's behalf: a schedule runs as who saved it.
const read: FastifyContextConfig = { access: { permission: 'can_access_scheduler' } };
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };

// Settings > Scheduler (issue 19): scheduled exports to e-mail, SFTP and S3-compatible storage.
export async function schedulerRoutes(app: FastifyInstance, deps: SchedulerDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    SCHEDULER_PATHS.list,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's scheduled exports by name, paged (never their credentials)",
        querystring: PageQuerySchema,
        response: { 200: ScheduledExportsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listScheduledExports(userContext(request), deps, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    SCHEDULER_PATHS.list,
    {
      config: write,
      schema: {
        tags,
        summary: 'Schedule an export; credentials are kept sealed and never answered',
        body: ScheduledExportWriteSchema,
        response: { 201: ScheduledExportSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createScheduledExport(userContext(request), deps, request.body, request.ip)),
  );

  // A static segment: matched before :id/ whatever the registration order.
  api.post(
    SCHEDULER_PATHS.testDestination,
    {
      config: write,
      schema: {
        tags,
        summary:
          "Try a destination with the form's values (blank credentials: those of schedule_id), within 10 s: SFTP and S3 write and remove a small file, e-mail sends a test message; answers what failed in plain words",
        body: ScheduledExportTestRequestSchema,
        response: { 200: ScheduledExportTestResultSchema, ...writeErrors },
      },
    },
    async (request) => testScheduledExportDestination(userContext(request), deps, request.body),
  );

  api.get(
    SCHEDULER_PATHS.one,
    {
      config: read,
      schema: {
        tags,
        summary: 'One scheduled export',
        params: ScheduledExportIdParamsSchema,
        response: { 200: ScheduledExportSchema, ...errors },
      },
    },
    async (request) => getScheduledExport(userContext(request), deps, request.params.id),
  );

  api.put(
    SCHEDULER_PATHS.one,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a scheduled export (credentials left out are kept); the editor becomes its owner',
        params: ScheduledExportIdParamsSchema,
        body: ScheduledExportWriteSchema,
        response: { 200: ScheduledExportSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateScheduledExport(userContext(request), deps, request.params.id, request.body, request.ip),
  );

  api.put(
    SCHEDULER_PATHS.enabled,
    {
      config: write,
      schema: {
        tags,
        summary: 'Enable or disable a scheduled export',
        params: ScheduledExportIdParamsSchema,
        body: ScheduledExportEnabledSchema,
        response: { 200: ScheduledExportSchema, ...writeErrors },
      },
    },
    async (request) =>
      setScheduledExportEnabled(
        userContext(request),
        deps,
        request.params.id,
        request.body.enabled,
        request.ip,
      ),
  );

  api.delete(
    SCHEDULER_PATHS.one,
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a scheduled export and its runs',
        params: ScheduledExportIdParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteScheduledExport(userContext(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.post(
    SCHEDULER_PATHS.run,
    {
      config: write,
      schema: {
        tags,
        summary: 'Run a scheduled export now, through the job queue (202)',
        params: ScheduledExportIdParamsSchema,
        response: { 202: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await runScheduledExportNow(userContext(request), deps, request.params.id, request.ip);
      return reply.status(202).send(null);
    },
  );

  api.get(
    SCHEDULER_PATHS.runs,
    {
      config: read,
      schema: {
        tags,
        summary: "A scheduled export's runs, newest first",
        params: ScheduledExportIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ScheduledExportRunsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listScheduledExportRuns(
        userContext(request),
        request.params.id,
        request.query,
      );
      return pageResponse(request, rows, count, request.query);
    },
  );
}
