import type { TaskRow } from '../api/task-contract';

// A task row as the list answers it; each test overrides what it is about.
export function makeTaskRow(overrides: Partial<TaskRow> = {}): TaskRow {
  return {
    workflow_id: 41,
    workflow_name: 'Northwind onboarding',
    kind: { id: 3, tag: 'supplier_onboarding', name: 'Supplier Onboarding' },
    status: { id: 5, name: 'In review', color_code: '#1c7ed6' },
    step: { tag: 'legal_review', name: 'Legal review' },
    step_group: { tag: 'review', name: 'Review' },
    region: { id: 1, name: 'Europe' },
    business_unit: { id: 2, name: 'Procurement EU' },
    opened_at: '2026-11-20T09:00:00.000Z',
    due_at: null,
    overdue_days: 0,
    follow_up_on: null,
    assignees: [{ kind: 'user', id: 7, name: 'Ana Analyst' }],
    claimed_by: null,
    delegated_from: null,
    alert_count: 0,
    alert_color: null,
    integration: null,
    is_locked: false,
    type: 'my-task',
    actions: { claim: false, unclaim: false, reassign: false },
    ...overrides,
  };
}
