import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

// RFC 6238 as every authenticator app implements it: SHA-1, 6 digits, 30-second steps. One step of
// clock drift either way is accepted (ASVS 2.8.1).
const DRIFT_SECONDS = 30;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, accountEmail: string): string {
  return generateURI({ issuer, label: accountEmail, secret });
}

// The time step the code belongs to, or null. A code whose step is not after the last one accepted
// is refused, so each code works once (ASVS 2.8.4) and an older one cannot follow a newer one.
export async function verifyTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: DRIFT_SECONDS,
    ...(lastUsedStep !== null && { afterTimeStep: lastUsedStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// No 0/o, 1/l/i: codes get read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomChars(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return out;
}

// xxxxx-xxxxx
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => `${randomChars(5)}-${randomChars(5)}`);
}

export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(input.replaceAll(/\s+/g, ''));
}

// Recovery codes carry about 49 bits, below ASVS 2.6.2's 112, so the stored form is keyed: an HMAC
// under a key derived from SECRET_KEY and bound to the user, which a leaked table alone cannot
// brute-force. Case, spaces and the dash do not matter when typed.
export function hashRecoveryCode(secretKey: string, userId: string, code: string): Buffer {
  const normalised = code.toLowerCase().replaceAll(/[\s-]+/g, '');
  return createHmac('sha256', `attest-recovery-codes:${secretKey}`)
    .update(`${userId}:${normalised}`)
    .digest();
}
