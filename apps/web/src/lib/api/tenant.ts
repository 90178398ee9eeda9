// The tenant is the first label of the host name (acme.localhost -> acme). Bare hosts and IP
// addresses carry no tenant: the server resolves its default one, which configuration then names.
let knownTenant: string | null = null;

export function tenantFromHostname(hostname: string): string | null {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.');
  if (labels.length < 2) return null;
  return labels[0] || null;
}

export function rememberTenant(tenant: string): void {
  knownTenant = tenant;
}

export function currentTenant(): string | null {
  return tenantFromHostname(location.hostname) ?? knownTenant;
}
