import { HttpError } from '@attest/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { http, send } from './http-client';
import { OfflineError } from './network-errors';
import { resetSessionExpiryForTests } from './session-expiry';

const Ok = z.object({ ok: z.boolean() });

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(response: Response | (() => Promise<Response>)) {
  const fn = vi.fn<typeof fetch>(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fn);
  return fn;
}

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>): Headers {
  return fetchMock.mock.calls[0]?.[1]?.headers as Headers;
}

type ShowSpy = MockInstance<typeof notifications.show>;

const toastMessages = (spy: ShowSpy) => spy.mock.calls.map(([data]) => data.message);

let show: ShowSpy;

beforeEach(() => {
  show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the cookie
  document.cookie = 'csrftoken=csrf-123; path=/';
  resetSessionExpiryForTests();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('every call', () => {
  it('sends cookies and the tenant from the host name', async () => {
    const fetchMock = mockFetch(answer(200, { ok: true }));
    await http.get('users/me/', Ok);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/users/me/');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(sentHeaders(fetchMock).get('x-tenant')).toBe('acme');
  });
});

describe('CSRF', () => {
  it('echoes the csrftoken cookie on writes', async () => {
    const fetchMock = mockFetch(answer(200, { ok: true }));
    await http.post('users/set_user_timezone/', { timezone: 'UTC' }, Ok);
    expect(sentHeaders(fetchMock).get('x-csrftoken')).toBe('csrf-123');
  });

  it('leaves it out of reads', async () => {
    const fetchMock = mockFetch(answer(200, { ok: true }));
    await http.get('customers/configuration/', Ok);
    expect(sentHeaders(fetchMock).has('x-csrftoken')).toBe(false);
  });
});

describe('401', () => {
  it('logs out and returns to the same page after 1 s', async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    window.history.replaceState(null, '', '/tasks?mine=1');
    mockFetch(
      answer(401, { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' }),
    );

    await expect(http.get('workflows/', Ok)).rejects.toBeInstanceOf(HttpError);
    expect(toastMessages(show)).toContain("You've been logged out. Redirecting to login page...");
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(assign).toHaveBeenCalledWith('/login?next=%2Ftasks%3Fmine%3D1');
  });

  it.each(['users/me/', 'users/permissions/', 'users/login_using_mfa/'])(
    'is a plain error for %s',
    async (path) => {
      mockFetch(answer(401, { detail: 'Not signed in', code: 'not_authenticated' }));
      await expect(http.get(path, Ok)).rejects.toMatchObject({ status: 401 });
      expect(show).not.toHaveBeenCalled();
    },
  );
});

describe('403', () => {
  it('warns "Insufficient Permissions" and never settles', async () => {
    mockFetch(answer(403, { detail: 'No', code: 'permission_denied' }));
    const settled = vi.fn();
    void http.get('workflows/', Ok).then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).not.toHaveBeenCalled();
    expect(toastMessages(show)).toEqual(['Insufficient Permissions']);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ color: 'orange' });
  });

  it('is left to callers that handle it', async () => {
    mockFetch(answer(403, { detail: 'No', code: 'permission_denied' }));
    const response = await send('mysubscriptions/', { handledStatuses: [403] });
    expect(response.status).toBe(403);
    expect(show).not.toHaveBeenCalled();
  });

  it('on a subscription call, fails without the warning: the caller says what failed (spec 1 §6, §8)', async () => {
    for (const path of [
      '/api/v1/thread-subscriptions/',
      '/api/v1/thread-subscriptions/12/',
      '/api/v1/threads/3/subscription/',
      '/api/v1/workflow-reports/user-list-for-subscription/?limit=none',
    ]) {
      mockFetch(answer(403, { detail: 'No', code: 'permission_denied' }));
      await expect(send(path, { method: 'DELETE' })).rejects.toMatchObject({ status: 403 });
    }
    expect(show).not.toHaveBeenCalled();
  });
});

describe('other failures', () => {
  it('503 shows "Service Unavailable"', async () => {
    mockFetch(answer(503, { detail: 'Service Unavailable', code: 'service_unavailable' }));
    await expect(http.get('workflows/', Ok)).rejects.toMatchObject({ status: 503 });
    expect(toastMessages(show)).toEqual(['Service Unavailable']);
  });

  it('a busy 503 (Retry-After) on a read is tried again after the time asked, and the answer arrives', async () => {
    vi.useFakeTimers();
    const busy = () => new Response('{}', { status: 503, headers: { 'Retry-After': '1' } });
    const fetchMock = mockFetch(async () => busy());
    fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(answer(200, { ok: true }));
    const answerPromise = http.get('workflows/', Ok);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answerPromise).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(show).not.toHaveBeenCalled();
  });

  it('a read still busy after two retries says "Service Unavailable"', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(
      async () => new Response('{}', { status: 503, headers: { 'Retry-After': '2' } }),
    );
    const failed = expect(http.get('workflows/', Ok)).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(4000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(toastMessages(show)).toEqual(['Service Unavailable']);
  });

  it('a busy 503 on a write is never sent again', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 503, headers: { 'Retry-After': '1' } }));
    await expect(http.post('workflows/', {}, Ok)).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a retry wait ends when the caller aborts', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(
      async () => new Response('{}', { status: 503, headers: { 'Retry-After': '5' } }),
    );
    const controller = new AbortController();
    const aborted = expect(http.get('workflows/', Ok, { signal: controller.signal })).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await aborted;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
  });

  it('a 400 carries the code and field errors', async () => {
    mockFetch(answer(400, { detail: 'Invalid input.', code: 'invalid', errors: { email: ['Required'] } }));
    await expect(http.post('users/login/', {}, Ok)).rejects.toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'Invalid input.',
      fieldErrors: { email: ['Required'] },
    });
    expect(show).not.toHaveBeenCalled();
  });

  it('offline: says so and does not call the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = mockFetch(answer(200, { ok: true }));
    await expect(http.get('workflows/', Ok)).rejects.toBeInstanceOf(OfflineError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastMessages(show)).toEqual(['You seem to be offline, please check your internet connectivity.']);
  });

  it('a quick network failure raises no toast; one after 60 s does', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValueOnce(0).mockReturnValueOnce(1000);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('workflows/', Ok)).rejects.toThrow();
    expect(show).not.toHaveBeenCalled();

    now.mockReturnValueOnce(0).mockReturnValueOnce(60_000);
    await expect(http.get('workflows/', Ok)).rejects.toThrow();
    expect(show).toHaveBeenCalledTimes(1);
  });
});
