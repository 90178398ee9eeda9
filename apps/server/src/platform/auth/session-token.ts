import { createHash, randomBytes } from 'node:crypto';

// The cookie carries a random token; the database keeps only its hash, so a leaked table
// cannot be replayed as sessions.
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
