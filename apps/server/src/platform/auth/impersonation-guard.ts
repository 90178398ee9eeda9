import {
  IMPERSONATION_ERROR_TAGS,
  IMPERSONATOR_HEADER,
  impersonationActionNotAllowedMessage,
  nestedImpersonationMessage,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { ImpersonationError } from '../errors.js';
import type { Impersonator, SessionUser } from '../request-context.js';

// Spec 1 section 4: while an administrator acts as someone, every answer names the administrator in
// the impersonator-id header, and the actions a person must take themselves answer 434.
export function registerImpersonationGuard(app: FastifyInstance): void {
  // Registered before the access rules (both preValidation), so a nested impersonation attempt reads
  // as what it is rather than as a missing permission of the impersonated user.
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.forbiddenWhileImpersonating;
    const auth = request.auth;
    if (!rule || !auth?.impersonator) return;
    const tag = rule === true ? IMPERSONATION_ERROR_TAGS.actionNotAllowed : rule;
    throw impersonationError(auth.impersonator, auth.user, tag);
  });

  app.addHook('onSend', async (request, reply) => {
    const impersonator = request.auth?.impersonator;
    if (impersonator) reply.header(IMPERSONATOR_HEADER, impersonator.userId);
  });
}

function impersonationError(impersonator: Impersonator, user: SessionUser, tag: string): ImpersonationError {
  const impersonatorName = impersonator.name || impersonator.email;
  const impersonateeName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const message =
    tag === IMPERSONATION_ERROR_TAGS.nested
      ? nestedImpersonationMessage(impersonatorName, impersonateeName)
      : impersonationActionNotAllowedMessage(impersonatorName, impersonateeName);
  return new ImpersonationError(message, {
    error_tag: tag,
    impersonator: { id: Number(impersonator.userId), name: impersonatorName },
    impersonatee: { id: Number(user.id), name: impersonateeName },
  });
}
