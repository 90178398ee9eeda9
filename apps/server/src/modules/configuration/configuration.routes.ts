import { ApiErrorSchema, ConfigurationSchema } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantContext } from '../../platform/request-context.js';
import { getConfiguration } from './configuration.service.js';

export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/customers/configuration/',
    {
      config: { access: 'public', allowDuringMaintenance: true },
      schema: {
        tags: ['configuration'],
        summary: "The tenant's configuration: branding, languages, features, maintenance",
        // 503 carries the configuration during maintenance, an error when the database is down.
        response: {
          200: ConfigurationSchema,
          404: ApiErrorSchema,
          503: z.union([ConfigurationSchema, ApiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const { configuration, maintenance } = await getConfiguration(tenantContext(request));
      // Spec 1 section 7: 503 means maintenance, with the configuration as its body.
      return reply.status(maintenance ? 503 : 200).send(configuration);
    },
  );
}
