import { ADMIN_PATHS, SUBSCRIPTION_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Reply } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NO_TASK_FILTERS, type TaskFilters } from '../lib/task-filters';
import { TaskFiltersBar } from './task-filters-bar';

afterEach(() => vi.unstubAllGlobals());

const page = (results: unknown[]): Reply => ({
  body: { results, count: results.length, next: null, previous: null },
});
const kind = {
  id: 3,
  name: 'Supplier Onboarding',
  tag: 'supplier_onboarding',
  icon: null,
  features: [],
  is_sorting_field_enabled: false,
  is_related_kind: false,
  available_statuses: [],
  field_tags_for_filter: [],
  current_version: 1,
};
const refused: Reply = { status: 403, body: { detail: 'Not allowed.', code: 'forbidden' } };

function renderBar(filters: TaskFilters = NO_TASK_FILTERS) {
  renderWithProviders(
    <TaskFiltersBar filters={filters} onFiltersChange={vi.fn()} sort="due" onSortChange={vi.fn()} />,
  );
  return screen.getByRole('group', { name: 'Filter tasks' });
}

// The filters shown, by their labels.
const labels = (bar: HTMLElement) => [...bar.querySelectorAll('label')].map((label) => label.textContent);

describe('the task filters', () => {
  it('offers every filter to a person with regions, business units and people to choose from', async () => {
    mockApi({
      [WORKFLOW_PATHS.kinds]: page([kind]),
      [ADMIN_PATHS.regions]: page([{ id: 1, name: 'Europe' }]),
      [ADMIN_PATHS.businessUnits]: page([{ id: 2, name: 'Procurement EU', region_id: 1 }]),
      [SUBSCRIPTION_PATHS.userList]: page([{ id: 7, name: 'Ana Analyst', email: 'ana@acme.test' }]),
    });
    const bar = renderBar();
    await waitFor(() =>
      expect(labels(bar)).toEqual([
        'Workflow type',
        'Status',
        'Due',
        'Region',
        'Business unit',
        'Assignee',
        'Sort by',
      ]),
    );
  });

  it('leaves out, once their choices load, the filters a supplier has nothing to choose in', async () => {
    // A supplier: no region, hence no business unit, and the people list is refused.
    const fetchMock = mockApi({
      [WORKFLOW_PATHS.kinds]: page([kind]),
      [ADMIN_PATHS.regions]: page([]),
      [ADMIN_PATHS.businessUnits]: page([]),
      [SUBSCRIPTION_PATHS.userList]: refused,
    });
    const bar = renderBar();
    // While the choices load, nothing is hidden (no filter appears then vanishes for others).
    expect(labels(bar)).toContain('Region');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(labels(bar)).toEqual(['Workflow type', 'Status', 'Due', 'Sort by']));
  });

  it('keeps a filter without choices while it still holds a value, so it can be cleared', async () => {
    mockApi({
      [WORKFLOW_PATHS.kinds]: page([kind]),
      [ADMIN_PATHS.regions]: page([]),
      [ADMIN_PATHS.businessUnits]: page([]),
      [SUBSCRIPTION_PATHS.userList]: refused,
    });
    const bar = renderBar({ ...NO_TASK_FILTERS, region_id: 1 });
    await waitFor(() => expect(labels(bar)).not.toContain('Assignee'));
    expect(labels(bar)).toContain('Region');
    expect(labels(bar)).not.toContain('Business unit');
    expect(within(bar).getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});
