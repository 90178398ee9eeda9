// Addresses in browser events lose their query string and fragment: they may hold a sign-in or
// invitation token, or what someone typed into a search. Paths (ids of pages) stay.
export function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

export type UrlCarrying = {
  request?: { url?: string; query_string?: unknown; cookies?: unknown; headers?: Record<string, string> };
  breadcrumbs?: { data?: Record<string, unknown> }[];
};

const URL_KEYS = ['url', 'from', 'to'];

export function scrubUrls<T extends UrlCarrying>(event: T): T {
  if (event.request) {
    const { query_string: _query, cookies: _cookies, ...request } = event.request;
    event.request = { ...request, ...(request.url && { url: withoutQuery(request.url) }) };
  }
  for (const crumb of event.breadcrumbs ?? []) {
    const data = crumb.data;
    if (!data) continue;
    for (const key of URL_KEYS) {
      const value = data[key];
      if (typeof value === 'string') data[key] = withoutQuery(value);
    }
  }
  return event;
}
