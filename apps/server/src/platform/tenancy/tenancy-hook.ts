import { ERROR_CODES, SERVER_MESSAGES, TENANT_HEADER, tenantNotFoundMessage } from '@attest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../errors.js';
import { tenantSlugFromHost } from './tenant-slug.js';

export function isTenantApiRequest(request: FastifyRequest): boolean {
  return /^\/api\/v\d+\//.test(request.url);
}

export function resolveTenant(request: FastifyRequest) {
  return tenantOfHost(request.server, request.hostname);
}

// The one rule from a host name to its tenant, for HTTP requests and for real-time handshakes alike.
export async function tenantOfHost(app: FastifyInstance, hostname: string) {
  const slug = tenantSlugFromHost(hostname, app.config.BASE_DOMAIN, app.config.DEFAULT_TENANT);
  const entry = await app.tenants.find(slug);
  if (!entry) throw new NotFoundError(tenantNotFoundMessage(slug), ERROR_CODES.tenantNotFound);
  return entry;
}

// Resolves the tenant of every API request from its host. The client also names the tenant in a
// header; a request whose header disagrees with its host is refused rather than trusted.
export function registerTenancy(app: FastifyInstance): void {
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    if (!isTenantApiRequest(request)) return;
    const entry = await resolveTenant(request);
    const claimed = request.headers[TENANT_HEADER];
    if (typeof claimed === 'string' && claimed !== '' && claimed.toLowerCase() !== entry.tenant.slug) {
      throw new AppError(400, ERROR_CODES.tenantMismatch, SERVER_MESSAGES.tenantMismatch);
    }
    request.tenant = entry.tenant;
    if (entry.maintenance) inMaintenance.add(request);
  });
}

const inMaintenance = new WeakSet<FastifyRequest>();

// While the tenant is in maintenance everything answers 503, except (issue 19: turning maintenance
// on must never lock the administrator out of turning it off):
// - routes marked allowDuringMaintenance (the configuration the maintenance page shows, the global
//   settings);
// - public routes: signing in and out serve none of the tenant's data, and an administrator whose
//   session ended during maintenance signs in again through them;
// - anyone signed in who may access admin settings: administrators keep working to check the
//   tenant and end maintenance.
// Registered after the session hook, which tells who is asking.
export function registerMaintenanceGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!inMaintenance.has(request)) return;
    const { allowDuringMaintenance, access } = request.routeOptions.config;
    if (allowDuringMaintenance || access === 'public') return;
    if (request.auth?.permissions.has('can_access_admin_settings')) return;
    throw new AppError(503, ERROR_CODES.maintenance, SERVER_MESSAGES.maintenance);
  });
}
