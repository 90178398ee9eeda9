import { ApiErrorSchema, SEARCH_PATHS, SearchQuerySchema, SearchResponseSchema } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { search } from './search.service.js';

const tags = ['search'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

// Issue 16: any signed-in person may search; what they may see bounds what is returned and counted.
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    SEARCH_PATHS.search,
    {
      config: { access: 'authenticated', lane: 'expensive' },
      schema: {
        tags,
        summary:
          'Search the live workflows one may see by id, name, current text answers and readable comments, grouped by kind',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errors },
      },
    },
    async (request) => search(userContext(request), request.query),
  );
}
