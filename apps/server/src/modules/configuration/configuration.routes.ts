import { ConfigurationSchema } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
        response: { 200: ConfigurationSchema, 503: ConfigurationSchema },
      },
    },
    async (request, reply) => {
      const { configuration, maintenance } = await getConfiguration(tenantContext(request));
      // Spec 1 section 7: 503 means maintenance, with the configuration as its body.
      return reply.status(maintenance ? 503 : 200).send(configuration);
    },
  );
}
