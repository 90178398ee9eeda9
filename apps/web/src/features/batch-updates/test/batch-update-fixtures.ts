import type { BatchUpdate, BatchUpdateItem } from '@attest/shared';

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

// Calls kept and answered by route: the shared stub under this feature's name.
export { type ApiCall as Call, mockApiCalls as mockBatchApi } from '../../../test/fetch-mock';
