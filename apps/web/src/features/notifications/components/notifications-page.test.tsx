import { NOTIFICATION_PATHS, type Notification } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { wholeText } from '../../../test/text-matchers';
import { NotificationsPage } from './notifications-page';

afterEach(() => vi.unstubAllGlobals());

function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'mention',
    group: 'discussion',
    outcome: null,
    level: 'info',
    actor: { id: 2, name: `Person ${id}` },
    workflow: { id: 7, name: 'Northwind onboarding' },
    params: { thread_id: 3, message_id: id, target: 'field' },
    link: `/process/7?thread=3&n=${id}`,
    is_read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

type Call = { path: string; method: string; search: URLSearchParams };

// The notifications API at the fetch boundary: 45 notifications, the first three unread.
function mockNotificationsApi() {
  const all = Array.from({ length: 45 }, (_, i) => makeNotification(100 - i, { is_read: i >= 3 }));
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://acme.localhost');
    const method = init?.method ?? 'GET';
    calls.push({ path: url.pathname, method, search: url.searchParams });
    if (method === 'GET' && url.pathname === NOTIFICATION_PATHS.list) {
      const unread = url.searchParams.get('unread') === 'true';
      const rows = unread ? all.filter((n) => !n.is_read) : all;
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse({
        body: { results: rows.slice(offset, offset + limit), count: rows.length, next: null, previous: null },
      });
    }
    if (method === 'GET' && url.pathname === NOTIFICATION_PATHS.unreadCount)
      return jsonResponse({ body: { count: all.filter((n) => !n.is_read).length } });
    if (method === 'POST' && url.pathname === NOTIFICATION_PATHS.markAllRead) {
      const marked = all.filter((n) => !n.is_read).length;
      for (const n of all) n.is_read = true;
      return jsonResponse({ body: { marked } });
    }
    const match = /^\/api\/v1\/notifications\/(\d+)\/mark_as_read\/$/.exec(url.pathname);
    if (method === 'POST' && match) {
      const row = all.find((n) => n.id === Number(match[1]));
      if (row) row.is_read = true;
      return jsonResponse({ body: { id: Number(match[1]), is_read: true } });
    }
    return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url: '/notifications' },
  );
}

const rows = () => screen.getAllByTestId('notification-row');
const lists = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === NOTIFICATION_PATHS.list)
    .map((c) => Object.fromEntries(c.search));

describe('NotificationsPage', () => {
  it('lists a page of 20 from the server and pages on the server', async () => {
    const calls = mockNotificationsApi();
    renderPage();
    expect(await screen.findByText(wholeText('Person 100 mentioned you'))).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(rows().filter((r) => r.dataset.unread === 'true')).toHaveLength(3);
    expect(within(rows()[0] as HTMLElement).getByText('Unread')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('Northwind onboarding')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('5 minutes ago')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText(wholeText('Person 60 mentioned you'))).toBeTruthy();
    expect(rows()).toHaveLength(5);
    expect(lists(calls)).toEqual([
      { limit: '20', offset: '0' },
      { limit: '20', offset: '40' },
    ]);
  });

  it('filters to unread ones on the server', async () => {
    const calls = mockNotificationsApi();
    renderPage();
    await screen.findByText(wholeText('Person 100 mentioned you'));
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lists(calls).at(-1)).toEqual({ limit: '20', offset: '0', unread: 'true' });
  });

  it('marks a notification read when it is opened and follows its link', async () => {
    const calls = mockNotificationsApi();
    const { router } = renderPage();
    fireEvent.click(await screen.findByText(wholeText('Person 99 mentioned you')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
    expect(router.state.location.search).toBe('?thread=3&n=99');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === NOTIFICATION_PATHS.markRead(99))).toBe(true),
    );
  });

  it('marks them all read', async () => {
    const calls = mockNotificationsApi();
    renderPage();
    await screen.findByText(wholeText('Person 100 mentioned you'));
    const button = screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(rows().filter((r) => r.dataset.unread === 'true')).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      NOTIFICATION_PATHS.markAllRead,
    ]);
    await waitFor(() => expect(button.disabled).toBe(true));
  });

  it('says so when there is nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('unread-count')
          ? jsonResponse({ body: { count: 0 } })
          : jsonResponse({ body: { results: [], count: 0, next: null, previous: null } }),
      ),
    );
    renderPage();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
