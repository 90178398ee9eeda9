import type { BatchImport, BatchImportSummary } from '@attest/shared';
import { vi } from 'vitest';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';

export function makeSummary(overrides: Partial<BatchImportSummary> = {}): BatchImportSummary {
  return {
    id: 7,
    target: 'records',
    object_type: { id: 3, tag: 'supplier', name: 'Supplier' },
    kind: null,
    file_name: 'suppliers.csv',
    format: 'csv',
    size_bytes: 2048,
    state: 'validated',
    mode: 'create',
    rows_total: 50,
    rows_valid: 47,
    rows_invalid: 3,
    rows_done: 0,
    created: 0,
    updated: 0,
    failed: 0,
    created_by: { id: 2, name: 'Ada Admin', email: 'ada@acme.test' },
    created_at: '2026-11-20T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

export function makeImport(overrides: Partial<BatchImport> = {}): BatchImport {
  return {
    ...makeSummary(),
    headers: ['Name', 'VAT', 'Email'],
    suggested_mapping: [
      { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
      { index: 1, header: 'VAT', target: { kind: 'field', field_tag: 'vat_number' } },
      { index: 2, header: 'Email', target: null },
    ],
    mapping: null,
    key_name: null,
    start_step_tag: null,
    progress: 0,
    can_undo: false,
    results_available: false,
    error: null,
    started_at: null,
    undone_at: null,
    undone_by: null,
    ...overrides,
  };
}

export const page = (results: unknown[], count = results.length) => ({
  results,
  count,
  next: null,
  previous: null,
});

export type Call = { path: string; method: string; search: URLSearchParams; body: unknown };

// Answers by method and path ('PUT /api/v1/batch-imports/7/mapping/'), or by path for a GET;
// anything unlisted is a 404, so a stray call shows. Every call is kept, with its body.
export function mockImportsApi(replies: Record<string, Reply | ((call: Call) => Reply)>) {
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
