import { vi } from 'vitest';

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

export function jsonResponse({ status = 200, body = {}, headers = {} }: Reply = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

// Answers by path ('/api/v1/users/me/' -> reply); anything unlisted is a 404, so a stray call shows.
export function mockApi(replies: Record<string, Reply | (() => Reply)>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://acme.localhost').pathname;
    const reply = replies[path];
    if (!reply) return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    return jsonResponse(typeof reply === 'function' ? reply() : reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://acme.localhost').pathname === path,
  );
}

export type ApiCall = { path: string; method: string; search: URLSearchParams; body: unknown };

// Answers by method and path ('PATCH /api/v1/records/supplier/42/'), or by path for a GET; anything
// unlisted is a 404, so a stray call shows. Every call is kept, with its body.
export function mockApiCalls(replies: Record<string, Reply | ((call: ApiCall) => Reply)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { path: url.pathname, method, search: url.searchParams, body };
      calls.push(call);
      const reply =
        replies[`${method} ${url.pathname}`] ?? (method === 'GET' ? replies[url.pathname] : undefined);
      if (!reply) return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
      return jsonResponse(typeof reply === 'function' ? reply(call) : reply);
    }),
  );
  return calls;
}
