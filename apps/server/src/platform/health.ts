import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { readReplicaOf } from './read-replica/read-only.js';

// 'none': no DATABASE_REPLICA_URL; otherwise whether read-only work goes to the replica right now
// ('fresh') or to the primary, and why (platform/read-replica/replica-lag.ts).
const ReplicaHealthSchema = z.enum(['none', 'fresh', 'lagging', 'down', 'not-a-standby', 'unchecked']);

// For load balancers and start-up scripts: 200 when the database answers, 503 otherwise. A replica
// that lags or is down is not a failure: reads fall back to the primary.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok'), replica: ReplicaHealthSchema }) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      const replica = readReplicaOf(app.db);
      // usable() refreshes the cached state when it is older than one check interval.
      await replica?.lag.usable();
      return { status: 'ok' as const, replica: replica?.lag.state() ?? ('none' as const) };
    },
  );
}
