import { TooManyRequestsError } from '../errors.js';
import type { Tx } from '../tenant-transaction.js';
import { signInThrottlesRepository as repo, type ThrottleCounter } from './sign-in-throttles.repository.js';

// Brute-force protection for every secret a person types: password, e-mailed code, MFA code,
// invitation, current password. The numbers are stated in docs/security.md; change them together.
export type ThrottleRules = {
  // From this many consecutive failures on an account, each next attempt waits 2^(n - this) s.
  delayAfterFailures: number;
  maxDelaySeconds: number;
  // This many failures within the window lock the account (or the address) for lockMinutes.
  accountLockFailures: number;
  addressLockFailures: number;
  windowMinutes: number;
  lockMinutes: number;
};

export const SIGN_IN_THROTTLE_RULES: ThrottleRules = {
  delayAfterFailures: 3,
  maxDelaySeconds: 60,
  accountLockFailures: 10,
  addressLockFailures: 50,
  windowMinutes: 15,
  lockMinutes: 15,
};

// Each purpose counts separately, so failed MFA codes do not lock the password form and vice versa.
// 'email_request' counts requests for e-mailed codes and links by address (each one, not failures).
export type ThrottlePurpose =
  | 'login'
  | 'login_code'
  | 'magic_link'
  | 'mfa'
  | 'invitation'
  | 'password'
  | 'email_request';

// `account` is the e-mail as typed (whether or not it exists, so unknown e-mails behave the same);
// `address` is the client's IP address.
export type ThrottleSubject = {
  purpose: ThrottlePurpose;
  account?: string | null;
  address?: string | null;
};

type Key = { key: string; kind: 'account' | 'address' };

function keysOf(subject: ThrottleSubject): Key[] {
  const keys: Key[] = [];
  const account = subject.account?.trim().toLowerCase();
  if (account) keys.push({ key: `${subject.purpose}:account:${account}`, kind: 'account' });
  if (subject.address) keys.push({ key: `${subject.purpose}:ip:${subject.address}`, kind: 'address' });
  return keys;
}

// accountLockedUntil is set only by the failure that locked the account.
export type FailureOutcome = { accountLockedUntil: Date | null };

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

// Rules and clock are injectable so tests never sleep. Either assertAllowed, then recordFailure or
// recordSuccess with the outcome, in one transaction (codes checked without hashing); or, where a
// password is hashed outside the transaction, beginAttempt before hashing and attemptSucceeded after.
export function createSignInThrottle(
  rules: ThrottleRules = SIGN_IN_THROTTLE_RULES,
  now: () => Date = () => new Date(),
) {
  const windowMs = rules.windowMinutes * 60_000;
  const lockMs = rules.lockMinutes * 60_000;

  // Milliseconds until the next attempt is allowed for one counter; 0 when allowed now.
  function waitFor(row: ThrottleCounter, kind: Key['kind'], at: number): number {
    if (row.locked_until && row.locked_until.getTime() > at) return row.locked_until.getTime() - at;
    if (kind !== 'account' || row.first_failure_at.getTime() + windowMs <= at) return 0;
    if (row.failures < rules.delayAfterFailures) return 0;
    const delaySeconds = Math.min(2 ** (row.failures - rules.delayAfterFailures), rules.maxDelaySeconds);
    return Math.max(0, row.last_failure_at.getTime() + delaySeconds * 1000 - at);
  }

  // Refuses with 429 and Retry-After while any of the subject's counters is delayed or locked.
  // The answer is the same whether or not the account exists. The counters are created if need be
  // and locked until the transaction ends, so concurrent attempts on one key are judged one by one.
  async function assertAllowed(tx: Tx, tenantId: string, subject: ThrottleSubject): Promise<void> {
    const keys = keysOf(subject);
    if (keys.length === 0) return;
    const at = now();
    const rows = await repo.lockCounters(
      tx,
      tenantId,
      keys.map((k) => k.key),
      at,
    );
    let wait = 0;
    for (const row of rows) {
      const kind = keys.find((k) => k.key === row.key)?.kind ?? 'address';
      wait = Math.max(wait, waitFor(row, kind, at.getTime()));
    }
    if (wait > 0) throw new TooManyRequestsError(Math.ceil(wait / 1000));
  }

  // For checks that hash a password between the check and the outcome: the attempt counts as a
  // failure at once, in the same transaction as the check, so a burst of parallel requests cannot
  // all pass while the first ones are still hashing. attemptSucceeded takes it back.
  async function beginAttempt(tx: Tx, tenantId: string, subject: ThrottleSubject): Promise<FailureOutcome> {
    await assertAllowed(tx, tenantId, subject);
    return recordFailure(tx, tenantId, subject);
  }

  async function attemptSucceeded(tx: Tx, tenantId: string, subject: ThrottleSubject): Promise<void> {
    await recordSuccess(tx, tenantId, subject);
    const address = keysOf(subject).find((k) => k.kind === 'address');
    if (!address) return;
    await repo.forgiveOne(tx, tenantId, address.key);
  }

  // Counts one failure on each counter; a counter whose window or lock has passed starts again.
  // Tells when this very failure locked the account: a locked counter refuses attempts before they
  // are counted, so that happens once per lockout (the owner is told once, not at every attempt).
  async function recordFailure(tx: Tx, tenantId: string, subject: ThrottleSubject): Promise<FailureOutcome> {
    const at = now();
    let accountLockedUntil: Date | null = null;
    const windowStart = new Date(at.getTime() - windowMs);
    for (const { key, kind } of keysOf(subject)) {
      const failures = await repo.countFailure(tx, tenantId, key, at, windowStart);
      const limit = kind === 'account' ? rules.accountLockFailures : rules.addressLockFailures;
      if (failures >= limit) {
        const lockedUntil = new Date(at.getTime() + lockMs);
        await repo.lock(tx, tenantId, key, lockedUntil);
        if (kind === 'account' && failures === limit) accountLockedUntil = lockedUntil;
      }
    }
    return { accountLockedUntil };
  }

  // A success clears the account's counter. The address keeps its count: one valid account must
  // not let an address go on guessing at others.
  async function recordSuccess(tx: Tx, tenantId: string, subject: ThrottleSubject): Promise<void> {
    const account = keysOf(subject).find((k) => k.kind === 'account');
    if (!account) return;
    await repo.clear(tx, tenantId, account.key);
  }

  return { rules, assertAllowed, recordFailure, recordSuccess, beginAttempt, attemptSucceeded };
}

export const signInThrottle = createSignInThrottle();
