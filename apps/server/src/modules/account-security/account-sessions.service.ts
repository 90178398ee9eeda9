import type { PageQuery, SessionSummary } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
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
export async function revokeSession(ctx: UserContext, sessionId: string): Promise<{ current: boolean }> {
  if (!UUID.test(sessionId)) throw new NotFoundError();
  const deleted = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    accountSecurityRepository.deleteOwnSession(tx, ctx.auth.user.id, sessionId),
  );
  if (!deleted) throw new NotFoundError();
  return { current: sessionId === ctx.auth.sessionId };
}

export async function revokeOtherSessions(ctx: UserContext): Promise<{ revoked: number }> {
  const revoked = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    accountSecurityRepository.deleteOtherSessions(tx, ctx.auth.user.id, ctx.auth.sessionId),
  );
  return { revoked };
}
