import {
  ApiErrorSchema,
  CreateWorkflowMoveRequestSchema,
  StudioMoveBackParamsSchema,
  StudioMoveParamsSchema,
  StudioVersionParamsSchema,
  WorkflowMoveBackSchema,
  WorkflowMoveDetailSchema,
  WorkflowMovePreviewPageSchema,
  WorkflowMovePreviewQuerySchema,
  WorkflowMoveQuerySchema,
  WorkflowMoveSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { createWorkflowMoveRunner } from './move-jobs.js';
import { getMove, moveBack, previewMoves, startMove } from './workflow-moves.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio; moving workflows and moving them back
// also need 'Can deploy to Production', checked by the service.
const studio = { access: { permission: 'can_access_studio' } } as const;
const moves = '/api/v1/studio/apps/:appId/versions/:versionId/moves/';

// What the move routes use of the process's services: the pool and the job queue's sender.
export type WorkflowMovesRouteDeps = {
  db: Db;
  jobs: { send(queue: string, data: object, options?: object): Promise<unknown> } | null;
};

export async function studioMovesRoutes(
  server: FastifyInstance,
  deps: WorkflowMovesRouteDeps,
): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();
  const runner = createWorkflowMoveRunner({ db: deps.db, jobs: deps.jobs });

  api.get(
    `${moves}preview/`,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Which running workflows of the process's older versions can move to this version (deployed to Production), with the reasons of those that cannot",
        params: StudioVersionParamsSchema,
        querystring: WorkflowMovePreviewQuerySchema,
        response: { 200: WorkflowMovePreviewPageSchema, ...errors },
      },
    },
    async (request) => {
      const { appId, versionId } = request.params;
      const preview = await previewMoves(userContext(request), appId, versionId, request.query);
      return {
        ...pageResponse(request, preview.rows, preview.count, request.query),
        target: preview.target,
        movable_count: preview.movable_count,
        refused_count: preview.refused_count,
      };
    },
  );

  api.post(
    moves,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Move running workflows of older versions to this version in a background job ('Can deploy to Production'); the chosen ones, or every movable one",
        params: StudioVersionParamsSchema,
        body: CreateWorkflowMoveRequestSchema,
        response: { 202: WorkflowMoveSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { appId, versionId } = request.params;
      return reply
        .status(202)
        .send(await startMove(userContext(request), runner, appId, versionId, request.body));
    },
  );

  api.get(
    `${moves}:moveId/`,
    {
      config: studio,
      schema: {
        tags,
        summary: 'A move: its state, progress (done of total) and one page of its per-workflow results',
        params: StudioMoveParamsSchema,
        querystring: WorkflowMoveQuerySchema,
        response: { 200: WorkflowMoveDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { appId, versionId, moveId } = request.params;
      const found = await getMove(userContext(request), appId, versionId, moveId, request.query);
      return { ...found.move, results: pageResponse(request, found.results, found.count, request.query) };
    },
  );

  api.post(
    `${moves}:moveId/workflows/:workflowId/move-back/`,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Move one moved workflow back to the version it came from ('Can deploy to Production'); refused (409) once a step was submitted after the move",
        params: StudioMoveBackParamsSchema,
        response: {
          200: WorkflowMoveBackSchema,
          ...errors,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { appId, versionId, moveId, workflowId } = request.params;
      return moveBack(userContext(request), appId, versionId, moveId, workflowId);
    },
  );
}
