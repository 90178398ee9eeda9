import type { BatchUpdate, BatchUpdateItem } from '@attest/shared';
import { vi } from 'vitest';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';

export const page = (results: unknown[], count = results.length) => ({
  results,
  count,
  next: null,
  previous: null,
});

// A region change over the dashboard's filtered workflows, as the server answers it.
export function makeUpdate(overrides: Partial<BatchUpdate> = {}): BatchUpdate {
  return {
    id: 12,
    target: 'workflows',
    kind: null,
    object_type: null,
    state: 'previewed',
    changes: { region_id: 4 },
    total: 200,
    done: 0,
    changed: 0,
    skipped: 0,
    failed: 0,
    progress: 0,
    can_undo: false,
    error: null,
    created_by: { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
    created_at: '2026-11-26T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    undone_at: null,
    undone_by: null,
    ...overrides,
  };
}

export function makeItem(overrides: Partial<BatchUpdateItem> = {}): BatchUpdateItem {
  return {
    target_id: 101,
    name: 'Northwind onboarding',
    before: { region: { id: 3, name: 'Europe' } },
    after: { region: { id: 4, name: 'Asia' } },
    outcome: 'pending',
    message: null,
    ...overrides,
  };
}

export const REGIONS = [
  { id: 3, name: 'Europe' },
  { id: 4, name: 'Asia' },
];

export type Call = { path: string; method: string; search: URLSearchParams; body: unknown };

// Answers by method and path ('POST /api/v1/batch-updates/'), or by path for a GET; anything
// unlisted is a 404, so a stray call shows. Every call is kept, with its body.
export function mockBatchApi(replies: Record<string, Reply | ((call: Call) => Reply)>) {
  const calls: Call[] = [];
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
