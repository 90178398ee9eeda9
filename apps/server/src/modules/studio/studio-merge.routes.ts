import {
  ApiErrorSchema,
  MergeBranchRequestSchema,
  MergeBranchResponseSchema,
  StudioAppParamsSchema,
  StudioBranchParamsSchema,
  StudioDiffQuerySchema,
  StudioDiffSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { diffSides } from './diff.service.js';
import { mergeBranchLive, type StudioLive } from './studio-live.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio.
const studio = { access: { permission: 'can_access_studio' } } as const;

// `deps.realtime`: a merged branch is a live event (studio-live.service.ts).
export async function studioMergeRoutes(server: FastifyInstance, deps: StudioLive): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/studio/apps/:appId/branches/:branchId/merge/',
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Merge a branch into the app's main branch. Without choices, real conflicts are answered and nothing is written; with one choice (ours or theirs) per conflict, the merge applies. 409 when main was saved since `revision`",
        params: StudioBranchParamsSchema,
        body: MergeBranchRequestSchema,
        response: { 200: MergeBranchResponseSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      mergeBranchLive(
        userContext(request),
        deps,
        request.params.appId,
        request.params.branchId,
        request.body,
      ),
  );

  api.get(
    '/api/v1/studio/apps/:appId/diff/',
    {
      config: studio,
      schema: {
        tags,
        summary:
          "The structured diff of two savepoints or versions of an app (`from` and `to`: 'savepoint:12' or 'version:3')",
        params: StudioAppParamsSchema,
        querystring: StudioDiffQuerySchema,
        response: { 200: StudioDiffSchema, ...errors },
      },
    },
    async (request) => diffSides(userContext(request), request.params.appId, request.query),
  );
}
