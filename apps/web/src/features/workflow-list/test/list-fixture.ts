import type { WorkflowKind, WorkflowListItem, WorkflowListPage } from '@attest/shared';

const DRAFT = { id: 11, tag: 'draft', display_name: 'Draft', color_code: '#868e96' };
const REVIEW = { id: 12, tag: 'in_review', display_name: 'In Review', color_code: '#1c7ed6' };

export function listItem(overrides: Partial<WorkflowListItem> = {}): WorkflowListItem {
  return {
    id: 101,
    name: 'Northwind Logistics GmbH',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    sorting_primary_field: null,
    lc_data: [
      {
        key: 'region',
        value: 'Europe',
        label: null,
        translated_label: 'dashboard.columns.region',
        display_type: 'place',
        format: null,
      },
      {
        key: 'supplier_onboarding__intake__details__spend',
        value: '250000',
        label: 'Annual spend',
        translated_label: null,
        display_type: 'number',
        format: null,
      },
    ],
    workflow_family: [{ id: 101, name: 'Northwind Logistics GmbH', relation: 'self' }],
    alerts: [],
    status: DRAFT,
    progress: 0,
    kind: { id: 2, name: 'Supplier Onboarding', tag: 'supplier_onboarding' },
    region: { id: 1, name: 'Europe' },
    business_unit: null,
    rank: 2,
    ...overrides,
  };
}

export const LIST_PAGE: WorkflowListPage = {
  count: 2,
  count_is_estimate: false,
  next: null,
  previous: null,
  results: [
    listItem(),
    listItem({
      id: 102,
      name: 'Northwind – Operational resilience',
      status: REVIEW,
      progress: 40,
      rank: 1,
      workflow_family: [
        { id: 101, name: 'Northwind Logistics GmbH', relation: 'parent' },
        { id: 102, name: 'Northwind – Operational resilience', relation: 'self' },
      ],
      alerts: [
        {
          id: 1,
          field_id: null,
          step_id: 's',
          step_group_id: 'g',
          workflow_id: 102,
          cat_color_label: 'R',
          alert_tag: 'sanctions_hit',
        },
      ],
    }),
  ],
};

export const KINDS: WorkflowKind[] = [
  {
    id: 2,
    name: 'Supplier Onboarding',
    tag: 'supplier_onboarding',
    icon: null,
    features: [],
    is_sorting_field_enabled: false,
    is_related_kind: false,
    available_statuses: [DRAFT, REVIEW],
    field_tags_for_filter: [],
    current_version: 1,
  },
];
