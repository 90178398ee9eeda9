import { REPORT_PATHS, SCHEDULER_PATHS, type ScheduledExport } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SchedulerPage } from './scheduler-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NIGHTLY: ScheduledExport = {
  id: 7,
  name: 'Nightly vendors',
  owner: { id: 1, name: 'Ada Admin', email: 'admin@acme.test' },
  source: { type: 'workflow_list', kind_id: 5, filters: {} },
  source_name: 'Vendor Check',
  format: 'csv',
  schedule: {
    frequency: 'daily',
    time: '06:30',
    weekday: null,
    day_of_month: null,
    time_zone: 'Europe/Berlin',
  },
  destination: {
    kind: 'sftp',
    host: 'files.example.com',
    port: 22,
    username: 'drop',
    directory: '/in',
    host_fingerprint: '',
    has_password: false,
    has_private_key: true,
  },
  enabled: true,
  next_run_at: '2026-11-28T05:30:00Z',
  last_run: {
    at: '2026-11-27T05:30:00Z',
    outcome: 'failed',
    message: 'Host key verification failed',
    rows: null,
    bytes: null,
  },
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
};
const page = (results: ScheduledExport[]) => ({
  body: { results, count: results.length, next: null, previous: null },
});
const kinds = [{ id: 5, name: 'Vendor Check' }];
const allowed = (codes: string[]) => (codename: string) => codes.includes(codename);

describe('SchedulerPage', () => {
  it('lists a schedule with its owner, what, destination and the last run failure, never a credential', async () => {
    mockApiCalls({ [SCHEDULER_PATHS.list]: page([NIGHTLY]) });
    renderWithProviders(<SchedulerPage can={allowed([])} kinds={kinds} />);
    const row = await screen.findByTestId('schedule-row-7');
    expect(within(row).getByText('Nightly vendors')).toBeTruthy();
    expect(within(row).getByText('Runs as Ada Admin')).toBeTruthy();
    expect(within(row).getByText('Vendor Check list (CSV)')).toBeTruthy();
    expect(within(row).getByText('drop@files.example.com:22 /in')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Host key verification failed')).toBeTruthy();
  });

  it('offers nothing to change to someone without the SFTP permissions', async () => {
    mockApiCalls({ [SCHEDULER_PATHS.list]: page([NIGHTLY]) });
    renderWithProviders(<SchedulerPage can={allowed(['can_access_scheduler'])} kinds={kinds} />);
    const row = await screen.findByTestId('schedule-row-7');
    expect(screen.queryByRole('button', { name: 'Schedule an export' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Run now' })).toBeNull();
    expect(within(row).getByRole('switch', { name: 'Run Nightly vendors on its schedule' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('offers only the destination kinds the person may change, and runs a schedule now', async () => {
    const calls = mockApiCalls({
      [SCHEDULER_PATHS.list]: page([NIGHTLY]),
      [`POST ${SCHEDULER_PATHS.run.replace(':id', '7')}`]: { status: 202, body: null },
    });
    renderWithProviders(
      <SchedulerPage
        can={allowed(['can_change_scheduled_report_exports', 'can_change_sftp_report_exports'])}
        kinds={kinds}
      />,
    );
    const row = await screen.findByTestId('schedule-row-7');
    fireEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/7/run/'))).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Schedule an export' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'E-mail' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'SFTP' })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'Remote storage (S3)' })).toBeNull();
  });

  it('picks a report from the server, searched by name, and schedules it', async () => {
    const report = (id: number, name: string, dashboard: string | null) => ({
      id,
      name,
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      dashboard_id: dashboard ? 3 : null,
      dashboard_name: dashboard,
    });
    const calls = mockApiCalls({
      [SCHEDULER_PATHS.list]: page([]),
      [REPORT_PATHS.reports]: (call) => ({
        body: {
          results:
            call.search.get('q') === 'risk'
              ? [report(12, 'Risk by region', 'Operations')]
              : [report(11, 'Checks by status', null), report(12, 'Risk by region', 'Operations')],
          count: call.search.get('q') === 'risk' ? 1 : 120,
          next: null,
          previous: null,
        },
      }),
      [`POST ${SCHEDULER_PATHS.list}`]: (call) => ({
        status: 201,
        body: { ...NIGHTLY, ...(call.body as object) },
      }),
    });
    renderWithProviders(
      <SchedulerPage
        can={allowed(['can_change_scheduled_report_exports', 'can_view_process_report'])}
        kinds={kinds}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule an export' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Risk' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Report' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Workflow kind' })).toBeNull();
    expect(
      await within(dialog).findByText('Showing 2 of 120 reports: type to narrow the list.'),
    ).toBeTruthy();
    const picker = within(dialog).getByRole('combobox', { name: 'Report' });
    // Typed by the person (Mantine ignores changes to an input without focus: autofill).
    picker.focus();
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'risk' } });
    await waitFor(() => expect(calls.some((c) => c.search.get('q') === 'risk')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: 'Risk by region · Operations' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail addresses' }), {
      target: { value: 'ops@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(saved.source).toEqual({ type: 'report', report_id: 12 });
    expect(saved.format).toBe('csv');
    // A searchable Mantine select is slow in jsdom on a loaded machine.
  }, 40_000);

  it('offers no report to someone who may not view reports', async () => {
    mockApiCalls({ [SCHEDULER_PATHS.list]: page([]) });
    renderWithProviders(
      <SchedulerPage can={allowed(['can_change_scheduled_report_exports'])} kinds={kinds} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule an export' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radio', { name: 'Report' })).toBeNull();
  });

  it("tests an edited schedule's destination with its kept key, and says what failed", async () => {
    const calls = mockApiCalls({
      [SCHEDULER_PATHS.list]: page([NIGHTLY]),
      [`POST ${SCHEDULER_PATHS.testDestination}`]: {
        body: {
          ok: false,
          code: 'auth_failed',
          message: 'The server did not accept the user name or the credentials.',
        },
      },
    });
    renderWithProviders(
      <SchedulerPage
        can={allowed(['can_access_scheduler', 'can_change_sftp_report_exports'])}
        kinds={kinds}
      />,
    );
    const row = await screen.findByTestId('schedule-row-7');
    fireEvent.click(within(row).getByRole('button', { name: 'More actions for Nightly vendors' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(dialog).findByText('The server did not accept the user name or the credentials.'),
    ).toBeTruthy();
    const sent = calls.find((c) => c.path === SCHEDULER_PATHS.testDestination)?.body as {
      destination: Record<string, unknown>;
      schedule_id: number;
    };
    expect(sent.schedule_id).toBe(7);
    expect(sent.destination).toMatchObject({ kind: 'sftp', host: 'files.example.com', username: 'drop' });
    expect(sent.destination.private_key).toBeUndefined();
  });
});
