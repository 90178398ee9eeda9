import {
  ApiErrorSchema,
  BrandingSchema,
  BrandingUpdateSchema,
  CONFIGURATION_PATHS,
  ConfigurationSchema,
  ImpersonationErrorSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../platform/files/file-store.js';
import { tenantContext, userContext } from '../../platform/request-context.js';
import { getBranding, updateBranding } from './branding.service.js';
import { getConfiguration } from './configuration.service.js';
import { configurationSettingsRoutes } from './settings.routes.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const readBranding: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };
// Administration is never done on someone else's behalf.
const writeBranding: FastifyContextConfig = { ...readBranding, forbiddenWhileImpersonating: true };

// What the configuration routes use of the process's services.
export type ConfigurationRouteDeps = { files: FileStore };

export async function configurationRoutes(app: FastifyInstance, deps: ConfigurationRouteDeps): Promise<void> {
  await configurationSettingsRoutes(app, deps);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    CONFIGURATION_PATHS.configuration,
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
      // Spec 1 section 7: 503 means maintenance, with the configuration as its body. Administrators,
      // whom the maintenance gate lets through (tenancy-hook.ts), get 200: they keep working to end it.
      const bypass = request.auth?.permissions.has('can_access_admin_settings') === true;
      return reply.status(maintenance && !bypass ? 503 : 200).send(configuration);
    },
  );

  api.get(
    CONFIGURATION_PATHS.branding,
    {
      config: readBranding,
      schema: {
        tags: ['configuration'],
        summary:
          "The tenant's branding: name, logo, colours, banner, links, reports embed, filter placeholders",
        response: { 200: BrandingSchema, ...errors },
      },
    },
    async (request) => getBranding(userContext(request)),
  );

  api.patch(
    CONFIGURATION_PATHS.branding,
    {
      config: writeBranding,
      schema: {
        tags: ['configuration'],
        summary: "Change the tenant's branding (only the fields sent)",
        description:
          'Links are http(s) addresses or paths on this site; the embed is https only; the logo is a path on this site (a brand file or an uploaded logo); colours are hex with 3 or 6 digits.',
        body: BrandingUpdateSchema,
        response: { 200: BrandingSchema, ...errors, 434: ImpersonationErrorSchema },
      },
    },
    async (request) => updateBranding({ ...userContext(request), ip: request.ip }, deps.files, request.body),
  );
}
