import type { SearchResponse } from '@attest/shared';

// A search answer: 'needle' found in an answer of one onboarding and the name of one audit.
export function makeSearchResponse(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    query: 'needle',
    total: 2,
    capped: false,
    groups: [
      {
        kind: { id: 1, tag: 'supplier_onboarding', name: 'Supplier onboarding' },
        count: 1,
        results: [
          {
            workflow_id: 7,
            workflow_name: 'Northwind onboarding',
            status: { id: 1, name: 'In progress', color_code: '#228be6' },
            region: { id: 1, name: 'Europe' },
            updated_at: '2026-11-20T10:00:00Z',
            match: {
              source: 'answer',
              field_tag: 'notes',
              field_label: 'Notes',
              step_tag: 'review',
              snippet: 'found a needle here',
              highlights: [[8, 14]],
            },
          },
        ],
      },
      {
        kind: { id: 2, tag: 'audit', name: 'Audit' },
        count: 1,
        results: [
          {
            workflow_id: 9,
            workflow_name: 'Needle audit',
            status: null,
            region: { id: 1, name: 'Europe' },
            updated_at: '2026-11-19T10:00:00Z',
            match: { source: 'name', snippet: 'Needle audit', highlights: [[0, 6]] },
          },
        ],
      },
    ],
    ...overrides,
  };
}
