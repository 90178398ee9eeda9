import type { FastifyRequest } from 'fastify';
import { createSecretBox, type SecretBox } from '../../../platform/crypto/secret-box.js';
import { tenantContext, userContext } from '../../../platform/request-context.js';
import type { SsoAdminContext } from './sso-admin.service.js';
import type { SsoContext } from './sso-login.service.js';

const boxes = new WeakMap<object, SecretBox>();

// One secret box per app (its key comes from the app's configuration).
function secretBoxOf(request: FastifyRequest): SecretBox {
  let box = boxes.get(request.server);
  if (!box) {
    box = createSecretBox(request.server.config.SECRET_KEY);
    boxes.set(request.server, box);
  }
  return box;
}

// The tenant's own address as the browser used it: the provider must send people back to the host
// that holds their cookies, and the tenant is named by that host.
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function ssoContext(request: FastifyRequest): SsoContext {
  const box = secretBoxOf(request);
  return { ...tenantContext(request), openSecret: (sealed) => box.open(sealed), origin: originOf(request) };
}

export function ssoAdminContext(request: FastifyRequest): SsoAdminContext {
  const box = secretBoxOf(request);
  return {
    ...userContext(request),
    seal: (plain) => box.seal(plain),
    origin: originOf(request),
    ip: request.ip,
  };
}
