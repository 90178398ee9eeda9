import type { PageQuery, SessionSummary } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { ClientInfo } from '../../platform/auth/sign-in.js';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { accountSecurityRepository } from './account-security.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The signed-in user's own active sessions, newest first, so they can recognise and end them.
export async function listSessions(
  ctx: UserContext,
  page: PageQuery,
): Promise<{ results: SessionSummary[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const rows = await accountSecurityRepository.listActiveSessions(tx, ctx.auth.user.id, page);
    const count = await accountSecurityRepository.countActiveSessions(tx, ctx.auth.user.id);
    const results = rows.map((row) => ({
      id: row.id,
      current: row.id === ctx.auth.sessionId,
      auth_method: row.auth_method,
      user_agent: row.user_agent,
      ip_address: row.ip_address,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
    }));
    return { results, count };
  });
}

// One's own session only: another user's or another tenant's id answers 404, as if it did not exist.
// Returns whether the ended session was the current one.
export async function revokeSession(
  ctx: UserContext,
  sessionId: string,
  client: ClientInfo,
): Promise<{ current: boolean }> {
  if (!UUID.test(sessionId)) throw new NotFoundError();
  const current = sessionId === ctx.auth.sessionId;
  const deleted = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await accountSecurityRepository.deleteOwnSession(tx, ctx.auth.user.id, sessionId))) return false;
    await auditRevoked(ctx, tx, client, { session_id: sessionId, current });
    return true;
  });
  if (!deleted) throw new NotFoundError();
  return { current };
}

export async function revokeOtherSessions(
  ctx: UserContext,
  client: ClientInfo,
): Promise<{ revoked: number }> {
  const revoked = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const count = await accountSecurityRepository.deleteOtherSessions(
      tx,
      ctx.auth.user.id,
      ctx.auth.sessionId,
    );
    if (count > 0) await auditRevoked(ctx, tx, client, { others: true, count });
    return count;
  });
  return { revoked };
}

function auditRevoked(ctx: UserContext, tx: Tx, client: ClientInfo, details: Record<string, unknown>) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action: 'session.revoked',
    actorUserId: ctx.auth.user.id,
    targetUserId: ctx.auth.user.id,
    details,
    ipAddress: client.ipAddress,
  });
}
