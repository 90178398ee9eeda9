import {
  ApiErrorSchema,
  ChangeSubscriptionRequestSchema,
  MentionableQuerySchema,
  MentionableSchema,
  PageQuerySchema,
  SUBSCRIPTION_PATHS,
  SubscriptionIdParamsSchema,
  ThreadIdParamsSchema,
  ThreadSubscriptionStateSchema,
  ThreadSubscriptionsPageSchema,
  ThreadsWorkflowParamsSchema,
  USER_LIST_MAX,
  UserListQuerySchema,
  UserListSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { mentionable, userListForSubscription } from './people.service.js';
import {
  getSubscription,
  listMySubscriptions,
  setSubscription,
  unsubscribe,
} from './subscriptions.service.js';

const tags = ['mentions'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

// Subscriptions to threads (spec 1 §4, §8), the people a composer can mention, and the tenant's
// user directory for subscription (spec 1 §7). 404 for threads and workflows the user cannot see.
export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/threads/:id/subscription/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Whether you are subscribed to a thread (an e-mail for every comment)',
        params: ThreadIdParamsSchema,
        response: { 200: ThreadSubscriptionStateSchema, ...errors },
      },
    },
    async (request) => getSubscription(userContext(request), request.params.id),
  );

  api.put(
    '/api/v1/threads/:id/subscription/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Subscribe to a thread or unsubscribe; an unsubscribed person is e-mailed only when mentioned',
        params: ThreadIdParamsSchema,
        body: ChangeSubscriptionRequestSchema,
        response: { 200: ThreadSubscriptionStateSchema, ...errors },
      },
    },
    async (request) => setSubscription(userContext(request), request.params.id, request.body.subscribed),
  );

  api.get(
    SUBSCRIPTION_PATHS.mine,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The threads you are subscribed to, newest subscription first (My subscriptions)',
        querystring: PageQuerySchema,
        response: { 200: ThreadSubscriptionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listMySubscriptions(userContext(request), request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.delete(
    '/api/v1/thread-subscriptions/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Unsubscribe from a thread (your own subscription; it is remembered)',
        params: SubscriptionIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribe(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    SUBSCRIPTION_PATHS.userList,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: `Active users of the tenant by name; limit=none answers them all (at most ${USER_LIST_MAX}), q filters by name or e-mail`,
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await userListForSubscription(userContext(request), request.query);
      const { limit, offset } = request.query;
      if (limit === 'none') return { results, count, next: null, previous: null };
      return pageResponse(request, results, count, { limit, offset });
    },
  );

  api.get(
    '/api/v1/workflows/:id/mentionable/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Who can be mentioned on a workflow: users who can see it, then groups, matching q',
        params: ThreadsWorkflowParamsSchema,
        querystring: MentionableQuerySchema,
        response: { 200: MentionableSchema, ...errors },
      },
    },
    async (request) => mentionable(userContext(request), request.params.id, request.query.q),
  );
}
