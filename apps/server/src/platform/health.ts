import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

// For load balancers and start-up scripts: 200 when the database answers, 503 otherwise.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    },
  );
}
