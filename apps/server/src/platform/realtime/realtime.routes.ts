import {
  ApiErrorSchema,
  ChannelAuthRequestSchema,
  ChannelAuthResponseSchema,
  REALTIME_PATHS,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../request-context.js';
import { authorizeChannel, type ChannelRules } from './channel-auth.service.js';

// The channel rules come from the modules that own the channels (see app.ts).
export function realtimeRoutes(rules: ChannelRules) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      REALTIME_PATHS.auth,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['realtime'],
          summary: "Join one of this session's sockets to a private channel the user may listen to",
          body: ChannelAuthRequestSchema,
          response: {
            200: ChannelAuthResponseSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
            503: ApiErrorSchema,
          },
        },
      },
      async (request) =>
        authorizeChannel(userContext(request), app.io, request.body, rules, (error, context) =>
          request.log.error({ err: error }, context),
        ),
    );
  };
}
