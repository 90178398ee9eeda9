import { isIP } from 'node:net';

// ARCHITECTURE.md: the tenant is the first label of the host name; the bare base domain, or an
// address without a name, is the default tenant.
export function tenantSlugFromHost(hostname: string, baseDomain: string, defaultTenant: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (host === baseDomain || isIP(host) !== 0) return defaultTenant;
  return host.split('.')[0] ?? defaultTenant;
}
