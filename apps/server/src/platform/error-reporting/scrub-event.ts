import type { Event } from '@sentry/node';

// Headers that carry credentials or a person's identity; their values never leave the server.
const SECRET_HEADERS = /^(authorization|cookie|set-cookie|x-csrftoken|proxy-authorization|x-api-key)$/i;
// Query parameters, extra keys and message fragments that may hold a secret.
const SECRET_KEYS = /pass(word)?|secret|token|otp|code|session|csrf|cookie|auth|key/i;
const REDACTED = '[redacted]';

// Sentry events leave the server without request bodies, cookies, credentials or the person: the
// SDK's request-data integration is off, and this is the last check before sending (beforeSend), in
// case a library or a later change adds them.
export function scrubEvent<T extends Event>(event: T): T {
  const scrubbed: T = { ...event, user: undefined };
  if (event.request) {
    const { data: _data, cookies: _cookies, query_string: query, headers, ...request } = event.request;
    scrubbed.request = {
      ...request,
      url: request.url?.split('?')[0],
      ...(headers && { headers: scrubHeaders(headers) }),
      ...(typeof query === 'string' && { query_string: scrubQuery(query) }),
    };
  }
  if (event.extra) scrubbed.extra = scrubRecord(event.extra);
  if (event.breadcrumbs) {
    scrubbed.breadcrumbs = event.breadcrumbs.map((crumb) =>
      crumb.data ? { ...crumb, data: scrubRecord(crumb.data) } : crumb,
    );
  }
  return scrubbed;
}

function scrubHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.test(name) ? REDACTED : value]),
  );
}

function scrubQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) if (SECRET_KEYS.test(name)) params.set(name, REDACTED);
  return params.toString();
}

function scrubRecord(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, SECRET_KEYS.test(key) ? REDACTED : value]),
  );
}
