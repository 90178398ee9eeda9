import type { FastifyInstance } from 'fastify';
import { ForbiddenError, NotAuthenticatedError } from './errors.js';

// STYLE.md rule 5: every API route declares who may call it. A route without a rule fails at
// registration, so it can never ship open by accident.
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access).`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.auth) throw new NotAuthenticatedError();
    if (access !== 'authenticated' && !request.auth.permissions.has(access.permission)) {
      throw new ForbiddenError();
    }
  });
}
