import type { FastifyRequest } from 'fastify';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { tenantContext, userContext } from '../../../platform/request-context.js';
import type { SsoAdminContext } from './sso-admin.service.js';
import type { SsoContext } from './sso-login.service.js';

// What the SSO routes use of the process's services: the secret box that seals providers' secrets.
export type SsoRouteDeps = { secretBox: SecretBox };

// The tenant's own address as the browser used it: the provider must send people back to the host
// that holds their cookies, and the tenant is named by that host.
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function ssoContext(request: FastifyRequest, box: SecretBox): SsoContext {
  return { ...tenantContext(request), openSecret: (sealed) => box.open(sealed), origin: originOf(request) };
}

export function ssoAdminContext(request: FastifyRequest, box: SecretBox): SsoAdminContext {
  return {
    ...userContext(request),
    seal: (plain) => box.seal(plain),
    origin: originOf(request),
    ip: request.ip,
  };
}
