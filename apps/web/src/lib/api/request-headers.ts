import { CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER } from '@attest/shared';
import { readCookie } from './cookies';
import { currentTenant } from './tenant';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

export function isWriteMethod(method: HttpMethod): boolean {
  return !SAFE_METHODS.has(method);
}

// Every call names its tenant; write methods echo the csrftoken cookie (double-submit CSRF).
export function buildHeaders(method: HttpMethod, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const tenant = currentTenant();
  if (tenant) headers.set(TENANT_HEADER, tenant);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (isWriteMethod(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }
  return headers;
}
