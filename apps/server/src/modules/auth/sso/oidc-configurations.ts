import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';

// Discovery documents change rarely; each process keeps one per provider setting for a while, so
// a sign-in costs one round trip to the provider (the code exchange), not two.
const CACHE_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const cache = new Map<string, { configuration: oidc.Configuration; expiresAt: number }>();

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string };

// https only; http just for a provider on this very machine (development and the tests).
export function isAllowedIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export async function oidcConfiguration(settings: OidcClientSettings): Promise<oidc.Configuration> {
  const key = createHash('sha256')
    .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
    .digest('base64url');
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.configuration;
  if (!isAllowedIssuer(settings.issuer)) throw new Error('The issuer is not an allowed address');
  const issuer = new URL(settings.issuer);
  const configuration = await oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    ...(issuer.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
  });
  // Entries of changed or removed providers are never asked for again: drop whatever has expired.
  for (const [staleKey, entry] of cache) if (entry.expiresAt <= Date.now()) cache.delete(staleKey);
  cache.set(key, { configuration, expiresAt: Date.now() + CACHE_TTL_MS });
  return configuration;
}
