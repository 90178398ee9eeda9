import { ADMIN_PATHS, DASHBOARD_PATHS, PREFERENCE_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { KINDS, LIST_PAGE } from '../test/list-fixture';
import { PANEL_MAX_HEIGHT } from './advanced-filter-panel';
import { DashboardPage } from './dashboard-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => vi.unstubAllGlobals());

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

// Issue 14 "do not squeeze the table out of view": the advanced filter opens above the list at the
// list's full width, with a height limit of its own, instead of as a column beside the table.
describe('advanced filter panel layout', { timeout: 40_000 }, () => {
  it('opens above the list, not beside it, and scrolls within its own height limit', async () => {
    mockApi({
      [DASHBOARD_PATHS.workflows]: { body: LIST_PAGE },
      [WORKFLOW_PATHS.kinds]: { body: page(KINDS) },
      [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
      [ADMIN_PATHS.businessUnits]: { body: page([]) },
      [WORKFLOW_PATHS.statuses]: { body: page([]) },
      [PREFERENCE_PATHS.recentActivity]: { body: { recently_viewed_workflows: [] } },
      [PREFERENCE_PATHS.preferences]: { body: page([]) },
      [DASHBOARD_PATHS.kindWorkflowCounts]: { body: { results: [] } },
    });
    renderRoutes(
      [{ path: '/workflows/instances', element: <DashboardPage personalised={false} canViewAlerts /> }],
      { url: '/workflows/instances' },
    );
    const table = await screen.findByRole('table', { name: 'Workflows' });
    const list = table.closest('[role="region"]') as HTMLElement;
    const rowOfList = list.parentElement as HTMLElement;

    fireEvent.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const panel = screen.getByRole('complementary', { name: 'Advanced filters' });
    // Many conditions, as a person building a detailed filter would have.
    for (let i = 0; i < 8; i++) {
      fireEvent.click(within(panel).getAllByRole('button', { name: 'Add condition' })[0] as HTMLElement);
    }
    expect(within(panel).getAllByRole('group', { name: /^Condition \d+$/ })).toHaveLength(8);

    // Not a column of the list's row (which holds the sidebar and the list): nothing there takes
    // the table's width; the panel comes before the list.
    expect(rowOfList.contains(panel)).toBe(false);
    expect(panel.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The conditions scroll inside the panel, whose height is bounded.
    const scroll = within(panel).getByTestId('advanced-filter-scroll');
    expect(scroll.contains(within(panel).getByRole('group', { name: 'Condition 8' }))).toBe(true);
    expect(scroll.style.maxHeight).toBe(PANEL_MAX_HEIGHT);
    // Closing it gives the space back.
    fireEvent.click(within(panel).getByRole('button', { name: 'Close the filter panel' }));
    expect(screen.queryByRole('complementary', { name: 'Advanced filters' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Workflows' })).toBeTruthy();
  });
});
