import { MENTION_PATHS, type Mention } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { wholeText } from '../../../test/text-matchers';
import { MentionsButton } from './mentions-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

function mention(id: number, overrides: Partial<Mention> = {}): Mention {
  return {
    id,
    message_id: 100 + id,
    message: `Please check @[Ada Analyst](user:2) number ${id}`,
    posted_by: { email: 'admin@acme.test', name: 'Alex Admin' },
    workflow: { id: 7, name: 'Northwind onboarding' },
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    field: { tag: 'supplier_name', body: 'Supplier legal name' },
    step: { tag: 'intake', name: 'Supplier details' },
    is_read: false,
    content_object_type: 'field',
    thread: 3,
    integration_result: null,
    ...overrides,
  };
}

type Api = {
  unread?: number;
  pages?: Record<number, { results: Mention[]; next: string | null }>;
  markStatus?: number;
};

function mockApi({ unread = 1, pages = { 1: { results: [], next: null } }, markStatus = 200 }: Api) {
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://acme.localhost');
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === MENTION_PATHS.unreadCount) return jsonResponse({ body: { count: unread } });
    if (url.pathname === MENTION_PATHS.userMentions) {
      const page = pages[Number(url.searchParams.get('page'))] ?? { results: [], next: null };
      return jsonResponse({ body: { ...page, count: 99, previous: null } });
    }
    const read = /^\/api\/v1\/messages\/(\d+)\/mark_as_read\/$/.exec(url.pathname);
    if (read)
      return markStatus === 200
        ? jsonResponse({ body: { id: 1, is_read: true } })
        : jsonResponse({ status: markStatus, body: { detail: 'Not found.', code: 'not_found' } });
    return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderButton() {
  return renderRoutes(
    [
      { path: '/', element: <MentionsButton /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url: '/' },
  );
}

const openDrawer = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /My Mentions/ }));
  return screen.findByRole('dialog', { name: 'My Mentions' });
};

// happy-dom lays nothing out: the drawer's list reports the sizes a test gives it.
function layOut(metrics: { scrollHeight: number; clientHeight: number }) {
  const scroller = screen.getByTestId('mentions-scroll');
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: metrics.scrollHeight });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: metrics.clientHeight });
  return scroller;
}

beforeEach(() => {
  // A list taller than the drawer until a test says otherwise, so only scrolling loads more.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 5000 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

describe('MentionsButton badge', () => {
  it('shows the unread count with an accessible label, 9+ above 9', async () => {
    mockApi({ unread: 12 });
    renderButton();
    expect(await screen.findByRole('button', { name: 'My Mentions, Unread mentions: 12' })).toBeTruthy();
    expect(screen.getByText('9+')).toBeTruthy();
  });

  it('hides the badge at 0', async () => {
    const calls = mockApi({ unread: 0 });
    renderButton();
    await waitFor(() => expect(calls).toContain(MENTION_PATHS.unreadCount));
    expect(screen.getByRole('button', { name: 'My Mentions' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });
});

describe('MentionsDrawer', () => {
  it("says 'No Mentions Found' when there are none", async () => {
    mockApi({});
    renderButton();
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('No Mentions Found')).toBeTruthy();
  });

  it('shows each mention with its sender, message, workflow and target, and links to the thread', async () => {
    mockApi({ pages: { 1: { results: [mention(1)], next: null } } });
    const { router } = renderButton();
    const drawer = await openDrawer();
    const item = await within(drawer).findByRole('listitem', { name: 'Mention from Alex Admin' });
    expect(within(item).getByText('Alex Admin')).toBeTruthy();
    expect(within(item).getByText('5 minutes ago')).toBeTruthy();
    expect(item.querySelector('[data-mention="user"]')?.textContent).toBe('@Ada Analyst');
    expect(
      within(item).getByText(wholeText('Northwind onboarding · Field: Supplier legal name')),
    ).toBeTruthy();
    const link = within(item).getByRole('link', { name: 'View Conversation' });
    expect(link.getAttribute('href')).toBe('/process/7?step=intake&thread=3');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
    expect(router.state.location.search).toBe('?step=intake&thread=3');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Mentions' })).toBeNull());
  });

  it('loads the next page only when the list is scrolled within 250 px of its end', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => mention(i + 1));
    const calls = mockApi({
      pages: {
        1: { results: page1, next: '/api/v1/user-mentions/?page=2' },
        2: { results: [mention(21, { message: 'the twenty-first' })], next: null },
      },
    });
    renderButton();
    const drawer = await openDrawer();
    await within(drawer).findAllByRole('listitem');
    const scroller = layOut({ scrollHeight: 2000, clientHeight: 600 });
    scroller.scrollTop = 1100; // 300 px from the end
    fireEvent.scroll(scroller);
    expect(calls.filter((c) => c.startsWith(MENTION_PATHS.userMentions))).toEqual([
      `${MENTION_PATHS.userMentions}?page=1`,
    ]);
    scroller.scrollTop = 1150; // 250 px from the end
    fireEvent.scroll(scroller);
    expect(await within(drawer).findByText(/the twenty-first/)).toBeTruthy();
    expect(calls).toContain(`${MENTION_PATHS.userMentions}?page=2`);
  });

  it('marks a mention read by its message id, then shows it read and refreshes the count', async () => {
    const calls = mockApi({ unread: 1, pages: { 1: { results: [mention(1)], next: null } } });
    renderButton();
    const drawer = await openDrawer();
    const item = await within(drawer).findByRole('listitem', { name: 'Mention from Alex Admin' });
    const countCalls = () => calls.filter((c) => c === MENTION_PATHS.unreadCount).length;
    const before = countCalls();
    fireEvent.click(within(item).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(item.getAttribute('data-read')).toBe('true'));
    expect(calls).toContain(MENTION_PATHS.markAsRead(101));
    expect(within(item).queryByRole('button', { name: 'Mark as Read' })).toBeNull();
    await waitFor(() => expect(countCalls()).toBeGreaterThan(before));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Oops some error occurred in marking message as read' when marking fails", async () => {
    mockApi({ pages: { 1: { results: [mention(1)], next: null } }, markStatus: 404 });
    renderButton();
    const drawer = await openDrawer();
    const item = await within(drawer).findByRole('listitem', { name: 'Mention from Alex Admin' });
    fireEvent.click(within(item).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('mentions.markReadFailed', expect.anything()),
    );
    expect(en.mentions.markReadFailed).toBe('Oops some error occurred in marking message as read');
    expect(item.getAttribute('data-read')).toBe('false');
  });

  it('shows an integration result with its connector instead of a person', async () => {
    mockApi({
      pages: {
        1: {
          results: [
            mention(1, {
              posted_by: null,
              integration_result: { id: 5, connector: 'Sanctions screening', state: 'failed' },
            }),
          ],
          next: null,
        },
      },
    });
    renderButton();
    const drawer = await openDrawer();
    expect(
      await within(drawer).findByRole('listitem', { name: 'Mention from Sanctions screening' }),
    ).toBeTruthy();
  });
});
