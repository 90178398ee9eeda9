import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { withTenant } from '../tenant-transaction.js';

export type ApiTokenRefusalReason =
  | 'malformed'
  | 'unknown'
  | 'wrong_secret'
  | 'revoked'
  | 'expired'
  | 'creator_inactive';

export type ApiTokenRefusal = {
  tenantId: string;
  reason: ApiTokenRefusalReason;
  publicId: string | null;
  // Set when the token exists: the audit trail names it and its creator.
  token?: { id: string; name: string; creatorId: string };
  ip: string;
};

const LOG_EVERY_MS = 60_000;
const AUDIT_EVERY_MS = 10 * 60_000;
const MAX_KEYS = 10_000;

type Seen = { loggedAt: number; auditedAt: number; since: number };

// A client retrying with a dead token, or someone probing, must not turn every request into a log
// line and an audit row: per tenant and token (or per tenant for malformed and unknown ones), one
// warning a minute carrying how many were refused since, and for an existing token one audit event
// every ten minutes. Per process, so several API processes each note theirs.
export function createApiTokenRefusals(db: Db, log: FastifyBaseLogger) {
  const seen = new Map<string, Seen>();
  return async function noteRefusal(refusal: ApiTokenRefusal): Promise<void> {
    const key = `${refusal.tenantId}:${refusal.token ? refusal.publicId : refusal.reason}`;
    const now = Date.now();
    let entry = seen.get(key);
    if (!entry) {
      if (seen.size >= MAX_KEYS) seen.clear();
      entry = { loggedAt: 0, auditedAt: 0, since: 0 };
      seen.set(key, entry);
    }
    entry.since += 1;
    if (now - entry.loggedAt >= LOG_EVERY_MS) {
      // The public id only: never the secret.
      log.warn(
        {
          tenant_id: refusal.tenantId,
          api_token: refusal.publicId,
          reason: refusal.reason,
          refused: entry.since,
        },
        'API token refused',
      );
      entry.loggedAt = now;
      entry.since = 0;
    }
    const { token } = refusal;
    if (!token || now - entry.auditedAt < AUDIT_EVERY_MS) return;
    entry.auditedAt = now;
    await withTenant(db, refusal.tenantId, (tx) =>
      recordAudit(tx, {
        tenantId: refusal.tenantId,
        action: 'api_token.refused',
        actorUserId: null,
        targetUserId: token.creatorId,
        details: { token_id: Number(token.id), name: token.name, reason: refusal.reason },
        ipAddress: refusal.ip,
      }),
    );
  };
}
