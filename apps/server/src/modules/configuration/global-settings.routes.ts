import {
  ApiErrorSchema,
  GLOBAL_SETTINGS_PATH,
  GlobalSettingsSchema,
  GlobalSettingsUpdateSchema,
  ImpersonationErrorSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { getGlobalSettings, updateGlobalSettings } from './global-settings.service.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Answered during maintenance: the administrator who turned it on must be able to turn it off
// (the maintenance gate also lets administrators through; this keeps these two open whatever it does).
const read: FastifyContextConfig = {
  access: { permission: 'can_access_admin_settings' },
  allowDuringMaintenance: true,
};
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };

export async function globalSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    GLOBAL_SETTINGS_PATH,
    {
      config: read,
      schema: {
        tags: ['configuration'],
        summary: 'Special features, feature toggles and maintenance mode',
        response: { 200: GlobalSettingsSchema, ...errors },
      },
    },
    async (request) => getGlobalSettings(userContext(request)),
  );

  api.patch(
    GLOBAL_SETTINGS_PATH,
    {
      config: write,
      schema: {
        tags: ['configuration'],
        summary: 'Change special features, feature toggles or maintenance mode',
        description:
          'Maintenance on needs a message (at most 500 characters); its end time, when given, must be in the future.',
        body: GlobalSettingsUpdateSchema,
        response: { 200: GlobalSettingsSchema, ...errors, 434: ImpersonationErrorSchema },
      },
    },
    async (request) => {
      const settings = await updateGlobalSettings({ ...userContext(request), ip: request.ip }, request.body);
      // This process sees the new maintenance state at once; others within the directory's TTL.
      if (request.tenant) app.tenants.forget(request.tenant.slug);
      return settings;
    },
  );
}
