import { REPORT_PATHS, type ReportSubscription, SUBSCRIPTION_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { jsonResponse } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { authKeys } from '../../auth';
import { ReportSubscribeButton } from './report-subscription-actions';
import { ReportSubscriptionsPanel } from './report-subscription-modal';

const ADA = makeUser({
  id: 7,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@acme.test',
  timezone: 'Europe/Berlin',
});

function subscription(overrides: Partial<ReportSubscription> = {}): ReportSubscription {
  return {
    id: 31,
    report_id: 11,
    owner: { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
    frequency: 'monthly',
    time: '07:45',
    weekday: null,
    day_of_month: 15,
    time_zone: 'Europe/Berlin',
    recipients: [
      { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
      { id: 8, name: 'Max Member', email: 'max@acme.test' },
    ],
    subject: 'Monthly numbers',
    message: '',
    active: true,
    next_run_at: '2026-12-15T06:45:00.000Z',
    last_sent_at: null,
    last_status: null,
    last_error: null,
    last_skipped: [],
    can_edit: true,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const page = (results: ReportSubscription[]) => ({
  results,
  count: results.length,
  next: null,
  previous: null,
});

// The API by method and path; what the panel sent is kept in `calls`.
function mockSubscriptionsApi(initial: ReportSubscription[]) {
  let stored = initial;
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://acme.localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === SUBSCRIPTION_PATHS.userList) {
      return jsonResponse({
        body: {
          results: [
            { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
            { id: 8, name: 'Max Member', email: 'max@acme.test' },
          ],
          count: 2,
          next: null,
          previous: null,
        },
      });
    }
    if (path === REPORT_PATHS.reportSubscriptions(11) && method === 'GET')
      return jsonResponse({ body: page(stored) });
    if (path === REPORT_PATHS.reportSubscriptions(11) && method === 'POST') {
      stored = [subscription()];
      return jsonResponse({ status: 201, body: stored[0] });
    }
    if (path === REPORT_PATHS.subscriptionSend(31)) return new Response(null, { status: 202 });
    return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

// A combobox's own list of options: queries stay off the rest of the page (the time zones).
async function listboxOf(input: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('The options are not open');
    return list;
  });
}

function renderPanel() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(authKeys.currentUser(), ADA);
  renderRoutes([{ path: '*', element: <ReportSubscriptionsPanel reportId={11} /> }], { queryClient });
}

describe('ReportSubscriptionsPanel', () => {
  it('opens the form when there is none, and subscribes with the schedule and recipients chosen', {
    timeout: 30_000,
  }, async () => {
    const calls = mockSubscriptionsApi([]);
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'New subscription' })).toBeTruthy();
    // The asker is the first recipient, in their own time zone.
    expect(screen.getAllByText('Ada Admin (ada@acme.test)').length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Time zone', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Europe/Berlin',
    );

    fireEvent.click(screen.getByText('Monthly'));
    const day = screen.getByLabelText('Day of the month', { selector: 'input' });
    fireEvent.click(day);
    fireEvent.click(await within(await listboxOf(day)).findByText('15'));
    fireEvent.change(screen.getByLabelText(/^Time/, { selector: 'input[type="time"]' }), {
      target: { value: '07:45' },
    });
    const recipients = screen.getByLabelText(/Recipients/, { selector: 'input' });
    fireEvent.focus(recipients);
    fireEvent.change(recipients, { target: { value: 'Max' } });
    fireEvent.click(await within(await listboxOf(recipients)).findByText('Max Member (max@acme.test)'));
    fireEvent.change(screen.getByLabelText(/Subject/, { selector: 'input' }), {
      target: { value: 'Monthly numbers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save subscription' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: REPORT_PATHS.reportSubscriptions(11),
      body: {
        frequency: 'monthly',
        time: '07:45',
        weekday: null,
        day_of_month: 15,
        time_zone: 'Europe/Berlin',
        recipient_ids: [7, 8],
        subject: 'Monthly numbers',
        message: '',
        active: true,
      },
    });
    // Back to the list, which shows the new subscription.
    expect(await screen.findByText('Monthly on day 15 at 07:45 (Europe/Berlin)')).toBeTruthy();
    expect(screen.getByText('To: Ada Admin, Max Member')).toBeTruthy();
  });

  it("lists the last run's outcome, sends now, and offers no actions on what the reader may not edit", async () => {
    const calls = mockSubscriptionsApi([
      subscription({
        last_status: 'failed',
        last_error: 'The report configuration is not valid.',
        last_skipped: ['max@acme.test'],
      }),
      subscription({ id: 32, can_edit: false, frequency: 'daily', day_of_month: null, time: '06:00' }),
    ]);
    renderPanel();
    const [mine, theirs] = await screen.findAllByTestId('report-subscription');
    if (!mine || !theirs) throw new Error('two subscriptions expected');
    expect(within(mine).getByText('Failed')).toBeTruthy();
    expect(within(mine).getByText('The report configuration is not valid.')).toBeTruthy();
    expect(within(mine).getByText(/Not sent to: max@acme.test/)).toBeTruthy();
    expect(within(theirs).getByText('Every day at 06:00 (Europe/Berlin)')).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Send now' })).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === REPORT_PATHS.subscriptionSend(31) && c.method === 'POST'),
      ).toHaveLength(1),
    );
  });

  it('opens from the Subscribe by e-mail button, titled with the report', async () => {
    mockSubscriptionsApi([subscription()]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.currentUser(), ADA);
    renderRoutes(
      [{ path: '*', element: <ReportSubscribeButton report={{ id: 11, name: 'Lab figures' }} /> }],
      {
        queryClient,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by e-mail' }));
    const dialog = await screen.findByRole('dialog', {
      // The report's name is isolated, so it keeps its order in a right-to-left sentence.
      name: `E-mail subscriptions: ${isolate('Lab figures')}`,
    });
    expect(await within(dialog).findByText('Monthly on day 15 at 07:45 (Europe/Berlin)')).toBeTruthy();
  });
});
