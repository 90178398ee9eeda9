import { REPORT_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { DashboardsPage } from './dashboards-page';
import { ALL, makeDashboard, page, VIEW_ONLY } from './test-data';

describe('DashboardsPage', () => {
  it('lists the dashboards with their report counts and offers create, rename and delete', async () => {
    mockApi({ [REPORT_PATHS.dashboards]: { body: page([makeDashboard({ report_count: 3 })]) } });
    renderWithProviders(<DashboardsPage permissions={ALL} />);
    const link = await screen.findByRole('link', { name: 'Operations' });
    expect(link.getAttribute('href')).toBe('/dashboard/5');
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Operations' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('hides every action the user may not take', async () => {
    mockApi({ [REPORT_PATHS.dashboards]: { body: page([makeDashboard()]) } });
    renderWithProviders(<DashboardsPage permissions={VIEW_ONLY} />);
    await screen.findByRole('link', { name: 'Operations' });
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Operations' })).toBeNull();
  });

  it('says when there are no dashboards, and when a search matches none', async () => {
    const fetchMock = mockApi({ [REPORT_PATHS.dashboards]: { body: page([]) } });
    renderWithProviders(<DashboardsPage permissions={ALL} />);
    expect(await screen.findByText('No dashboards yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search dashboards' }), {
      target: { value: 'risk' },
    });
    expect(await screen.findByText('No dashboard matches this search.')).toBeTruthy();
    // The search runs on the server.
    await waitFor(() =>
      expect(
        callsTo(fetchMock, REPORT_PATHS.dashboards).some(([url]) => String(url).includes('q=risk')),
      ).toBe(true),
    );
  });
});
