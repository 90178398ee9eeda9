import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@attest/shared';
import { hashToken } from './session-token.js';

export type NewApiToken = { token: string; publicId: string; hash: Buffer };

// att_<16 hex: the row's public id>_<43 base64url: 32 random bytes>. Only the secret's SHA-256 is
// stored; the public id finds the row without comparing hashes across the table.
export function newApiToken(): NewApiToken {
  const publicId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { token: `${API_TOKEN_PREFIX}${publicId}_${secret}`, publicId, hash: hashToken(secret) };
}

const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}([0-9a-f]{16})_([A-Za-z0-9_-]{43})$`);

// Null for anything that is not shaped like one of our tokens.
export function parseApiToken(token: string): { publicId: string; hash: Buffer } | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { publicId: match[1], hash: hashToken(match[2]) };
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

// The token's visible start, shown in the list so a leaked string can be matched to its row.
export function apiTokenPrefix(publicId: string): string {
  return `${API_TOKEN_PREFIX}${publicId}`;
}
