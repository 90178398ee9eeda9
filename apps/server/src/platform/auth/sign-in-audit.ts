import { recordAudit } from '../audit/audit-log.js';
import type { Tx } from '../tenant-transaction.js';
import type { AuthMethod } from './sessions.repository.js';

// How a sign-in attempt proved (or failed to prove) who it was: a first factor, or the MFA step.
export type SignInAuditMethod = AuthMethod | 'mfa';

// Why an attempt failed, for administrators only: the person always gets the same answer.
// 'unknown_account' carries no user and no e-mail (what was typed may be a password, or someone
// else's address), see docs/security.md.
export type SignInFailureReason =
  | 'wrong_password'
  | 'unknown_account'
  | 'inactive_account'
  | 'wrong_code'
  | 'wrong_mfa_code';

type Who = { tenantId: string; userId: string; ipAddress: string | null };

// Written in the transaction that opens the session.
export function auditSignIn(
  tx: Tx,
  who: Who,
  details: { method: SignInAuditMethod; second_factor?: 'totp' | 'recovery_code' },
): Promise<void> {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    action: 'sign_in.succeeded',
    actorUserId: who.userId,
    targetUserId: who.userId,
    details,
    ipAddress: who.ipAddress,
  });
}

// Written in the transaction that counts the failure (or, for a password, once the hash has been
// checked, since the attempt is counted before hashing).
export function auditSignInFailure(
  tx: Tx,
  who: Omit<Who, 'userId'> & { userId: string | null },
  details: { method: SignInAuditMethod; reason: SignInFailureReason },
): Promise<void> {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    action: 'sign_in.failed',
    actorUserId: null,
    targetUserId: who.userId,
    details,
    ipAddress: who.ipAddress,
  });
}

export function auditLockout(
  tx: Tx,
  who: Omit<Who, 'userId'> & { userId: string | null },
  details: { method: SignInAuditMethod; lockedUntil: Date },
): Promise<void> {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    action: 'sign_in.locked',
    actorUserId: null,
    targetUserId: who.userId,
    details: { method: details.method, locked_until: details.lockedUntil.toISOString() },
    ipAddress: who.ipAddress,
  });
}
