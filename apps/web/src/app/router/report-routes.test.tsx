import { REPORT_PATHS } from '@attest/shared';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeReport } from '../../features/reports/components/test-data';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { reportRoutes } from './report-routes';

const PERMISSIONS = '/api/v1/users/permissions/';

function render(url: string, permissions: Record<string, boolean>) {
  mockApi({
    [PERMISSIONS]: { body: { objects: permissions } },
    [REPORT_PATHS.report(7)]: { body: makeReport({ id: 7, dashboard_id: null }) },
    [REPORT_PATHS.reportData(7)]: { body: { results: [['Status', 'Count']], count: 0 } },
  });
  return renderRoutes([{ path: '/', element: <Outlet />, children: reportRoutes }], { url });
}

describe('report routes (spec 2 §2.1)', () => {
  it('redirects a legacy path to the location without its first three segments', async () => {
    const { router } = render('/embed/reports/v1/report/7?view=preview', { can_view_process_report: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/7'));
    expect(router.state.location.search).toBe('?view=preview');
    expect(await screen.findByRole('heading', { name: 'Workflows by status' })).toBeTruthy();
  });

  it('explains, rather than showing a broken page, when the user may not view reports', async () => {
    render('/report/7', { can_view_process_report: false });
    expect(await screen.findByText("You don't have access to this area")).toBeTruthy();
  });

  it('needs can_change_process_report for the editor', async () => {
    render('/report/7/edit', { can_view_process_report: true, can_change_process_report: false });
    expect(await screen.findByText("You don't have access to this area")).toBeTruthy();
  });
});
