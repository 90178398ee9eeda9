import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PATHS, type ThreadSubscription } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderRoutes } from '../../../../test/render';
import { wholeText } from '../../../../test/text-matchers';
import { MySubscriptionsModal } from './my-subscriptions-modal';
import { MySubscriptionsPage } from './my-subscriptions-page';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  error: vi.fn(),
  at: vi.fn(),
}));
vi.mock('../../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function makeSubscription(id: number, overrides: Partial<ThreadSubscription> = {}): ThreadSubscription {
  return {
    id,
    thread: id * 10,
    workflow: { id: 7, name: `Workflow ${id}` },
    content_object_type: 'field',
    step: { tag: 'intake', name: 'Supplier details' },
    field: { tag: 'name', body: 'Supplier legal name' },
    message_count: 4,
    last_message_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    subscribed_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

type Call = { path: string; method: string; search: URLSearchParams };

function mockSubscriptionsApi(rows: ThreadSubscription[], deleteStatus = 204) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const method = init?.method ?? 'GET';
      calls.push({ path: url.pathname, method, search: url.searchParams });
      if (method === 'GET' && url.pathname === SUBSCRIPTION_PATHS.mine) {
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return jsonResponse({
          body: {
            results: rows.slice(offset, offset + limit),
            count: rows.length,
            next: null,
            previous: null,
          },
        });
      }
      const match = /^\/api\/v1\/thread-subscriptions\/(\d+)\/$/.exec(url.pathname);
      if (method === 'DELETE' && match) {
        if (deleteStatus !== 204)
          return jsonResponse({ status: deleteStatus, body: { detail: 'Refused.', code: 'forbidden' } });
        rows.splice(
          rows.findIndex((r) => r.id === Number(match[1])),
          1,
        );
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return calls;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/mysubscriptions', element: <MySubscriptionsPage /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url: '/mysubscriptions' },
  );
}

describe('MySubscriptionsPage', () => {
  it('lists the subscribed threads with where they are, their comments and a link to each', async () => {
    mockSubscriptionsApi([
      makeSubscription(1),
      makeSubscription(2, {
        content_object_type: 'workflow',
        step: null,
        field: null,
        last_message_at: null,
      }),
    ]);
    const { router } = renderPage();
    const link = await screen.findByRole('link', { name: 'Workflow 1' });
    expect(screen.getByText(/you get an e-mail for every comment in it/)).toBeTruthy();
    const [first, second] = screen.getAllByTestId('subscription-row') as HTMLElement[];
    expect(
      within(first as HTMLElement).getByText(
        wholeText('Step: Supplier details · Field: Supplier legal name'),
      ),
    ).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Comments: 4')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('2 hours ago')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('On the workflow')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('No comments yet')).toBeTruthy();

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
    expect(new URLSearchParams(router.state.location.search).get('thread')).toBe('10');
  });

  it('pages on the server', async () => {
    const calls = mockSubscriptionsApi(Array.from({ length: 25 }, (_, i) => makeSubscription(i + 1)));
    renderPage();
    await screen.findByRole('link', { name: 'Workflow 1' });
    expect(screen.getAllByTestId('subscription-row')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Workflow 21' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET').map((c) => Object.fromEntries(c.search))).toEqual([
      { limit: '20', offset: '0' },
      { limit: '20', offset: '20' },
    ]);
  });

  it('unsubscribes from a thread, which leaves the list', async () => {
    const calls = mockSubscriptionsApi([makeSubscription(1), makeSubscription(2)]);
    renderPage();
    await screen.findByRole('link', { name: 'Workflow 1' });
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Unsubscribe from Workflow 1, Step: Supplier details · Field: Supplier legal name',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Workflow 1' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Workflow 2' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      SUBSCRIPTION_PATHS.one(1),
    ]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Unable to unsubscribe from the thread.' when refused, without the global permissions warning", async () => {
    mockSubscriptionsApi([makeSubscription(1)], 403);
    renderPage();
    await screen.findByRole('link', { name: 'Workflow 1' });
    fireEvent.click(screen.getAllByRole('button', { name: /^Unsubscribe from/ })[0] as HTMLElement);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    const [key] = toast.error.mock.calls[0] as [string];
    expect(i18n.t(key)).toBe(SUBSCRIPTION_MESSAGES.unsubscribeFailed);
    expect(toast.warning).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Workflow 1' })).toBeTruthy();
  });

  it('says so when there is nothing', async () => {
    mockSubscriptionsApi([]);
    renderPage();
    expect(await screen.findByText('No subscriptions')).toBeTruthy();
  });
});

describe('MySubscriptionsModal', () => {
  it('shows the same list in a dialog, which closes when a thread is opened', async () => {
    mockSubscriptionsApi([makeSubscription(1)]);
    const onClose = vi.fn();
    const { router } = renderRoutes(
      [
        { path: '/workflows/instances', element: <MySubscriptionsModal opened onClose={onClose} /> },
        { path: '/process/:id', element: <p>process page</p> },
      ],
      { url: '/workflows/instances' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'My subscriptions' });
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Workflow 1' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
  });
});
