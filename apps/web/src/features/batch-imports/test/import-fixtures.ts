import type { BatchImport, BatchImportSummary } from '@attest/shared';

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

// Calls kept and answered by route: the shared stub under this feature's name.
export { type ApiCall as Call, mockApiCalls as mockImportsApi } from '../../../test/fetch-mock';
