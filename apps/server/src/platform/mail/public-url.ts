import type { Config } from '../../config.js';

// Where links in e-mails point: <scheme>://<tenant>.<PUBLIC_HOST>, PUBLIC_HOST defaulting to
// BASE_DOMAIN:PORT, so a link opens the tenant that sent it.
export function tenantPublicUrl(config: Config, tenantSlug: string, path: string, query = {}): string {
  const host = config.PUBLIC_HOST ?? `${config.BASE_DOMAIN}:${config.PORT}`;
  const url = new URL(path, `${config.PUBLIC_URL_SCHEME}://${tenantSlug}.${host}`);
  for (const [key, value] of Object.entries<string>(query)) url.searchParams.set(key, value);
  return url.toString();
}
