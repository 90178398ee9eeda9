import { type PermissionCodename, SERVER_MESSAGES } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { AuthMethod } from '../../platform/auth/sessions.repository.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import { type ClientInfo, type OpenedSession, openSession } from '../../platform/auth/sign-in.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { impersonationRepository } from './impersonation.repository.js';

// Acting as these people would let an administrator gain rights they were not given.
const PRIVILEGED: readonly PermissionCodename[] = ['can_impersonate_users', 'can_access_admin_settings'];

// A new session for the target, tied to the administrator and their session, which is kept so that
// stopping returns to it. A nested attempt never gets here: the route answers 434 first.
export function startImpersonation(
  ctx: UserContext,
  targetUserId: number,
  client: ClientInfo,
): Promise<OpenedSession> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const target = await impersonationRepository.findUser(tx, String(targetUserId));
    if (!target) throw new NotFoundError();
    if (target.id === ctx.auth.user.id) throw refused(SERVER_MESSAGES.cannotImpersonateSelf);
    if (!target.is_active) throw refused(SERVER_MESSAGES.cannotImpersonateInactive);
    const permissions = await sessionsRepository.permissionsOf(tx, target.id);
    if (PRIVILEGED.some((p) => permissions.has(p)))
      throw refused(SERVER_MESSAGES.cannotImpersonatePrivileged);

    const own = await impersonationRepository.findLiveSession(tx, ctx.auth.sessionId);
    if (!own) throw new NotFoundError();
    const opened = await openSession(tx, ctx.tenant, {
      userId: target.id,
      authMethod: 'impersonation',
      mfaVerified: ctx.auth.mfaVerified,
      client,
      impersonatorUserId: ctx.auth.user.id,
      impersonatorSessionId: ctx.auth.sessionId,
      // Never outlives the administrator's own session.
      notAfter: own.expires_at,
    });
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'impersonation.started',
      actorUserId: ctx.auth.user.id,
      targetUserId: target.id,
      details: { session_id: opened.auth.sessionId },
      ipAddress: client.ipAddress,
    });
    return opened;
  });
}

// Ends the impersonated session and gives the administrator a fresh session (a new id), carrying
// over how they had signed in. Null when their own session ended meanwhile: they are signed out.
export function stopImpersonation(ctx: UserContext, client: ClientInfo): Promise<OpenedSession | null> {
  const impersonator = ctx.auth.impersonator;
  if (!impersonator) throw new BadRequestError(SERVER_MESSAGES.notImpersonating);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await impersonationRepository.deleteSession(tx, ctx.auth.sessionId);
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'impersonation.stopped',
      actorUserId: impersonator.userId,
      targetUserId: ctx.auth.user.id,
      details: { session_id: ctx.auth.sessionId },
      ipAddress: client.ipAddress,
    });
    const own = impersonator.sessionId
      ? await impersonationRepository.findLiveSession(tx, impersonator.sessionId)
      : undefined;
    if (!own) return null;
    await impersonationRepository.deleteSession(tx, own.id);
    return openSession(tx, ctx.tenant, {
      userId: own.user_id,
      authMethod: own.auth_method as AuthMethod,
      mfaVerified: own.mfa_verified,
      client,
      notAfter: own.expires_at,
    });
  });
}

// Signing out while acting as someone signs the administrator out too: the cookie the sign-out
// clears was the only way back to their own session.
export async function endImpersonationAtSignOut(
  tx: Tx,
  tenantId: string,
  session: {
    id: string;
    user_id: string;
    impersonator_user_id: string | null;
    impersonator_session_id: string | null;
  },
): Promise<void> {
  if (!session.impersonator_session_id) return;
  await impersonationRepository.deleteSession(tx, session.impersonator_session_id);
  await recordAudit(tx, {
    tenantId,
    action: 'impersonation.stopped',
    actorUserId: session.impersonator_user_id,
    targetUserId: session.user_id,
    details: { session_id: session.id, by: 'sign_out' },
  });
}

function refused(message: string): BadRequestError {
  return new BadRequestError(message, { user_id: [message] });
}
