import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { apiTokenMayCall } from './auth/api-token-hook.js';
import { ForbiddenError, NotAuthenticatedError } from './errors.js';
import type { RouteAccess } from './fastify-types.js';
import { isStrictObjectSchema } from './strict-body.js';

export type RouteAccessEntry = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  // null: the route takes no body.
  strictBody: boolean | null;
  // Whether an API token may call it at all (issue 19, api-token-hook.ts).
  apiToken: boolean;
};

// STYLE.md rule 5: every API route declares who may call it. A route without a rule fails at
// registration, so it can never ship open by accident.
export function registerAccessControl(app: FastifyInstance): void {
  const catalogue: RouteAccessEntry[] = [];
  app.decorate('routeAccess', catalogue);
  app.addHook('onRoute', (route) => {
    // The tenant API; the OpenAPI documentation pages are registered before this hook.
    if (!route.url.startsWith('/api/v')) return;
    const body = route.schema?.body;
    catalogue.push({
      method: String(route.method),
      url: route.url,
      access: route.config?.access,
      strictBody: body ? isStrictObjectSchema(body) : null,
      apiToken: apiTokenMayCall(route.config ?? {}, String(route.method)),
    });
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access).`);
    }
  });

  // Before body validation: a caller who may not use the route learns nothing about its input.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.auth) throw new NotAuthenticatedError();
    if (request.auth.mfaEnrolmentRequired && !request.routeOptions.config.allowDuringMfaEnrolment) {
      throw new ForbiddenError(SERVER_MESSAGES.mfaEnrolmentRequired, ERROR_CODES.mfaEnrolmentRequired);
    }
    if (access !== 'authenticated' && !request.auth.permissions.has(access.permission)) {
      throw new ForbiddenError();
    }
  });
}
