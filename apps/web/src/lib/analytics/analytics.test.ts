import { AnalyticsBatchSchema, type TelemetrySettings } from '@attest/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_FLUSH_MS, flushAnalytics, startAnalytics } from './analytics';
import { setAnalyticsAudience, track } from './track';

const settings = (analytics_urls: string[]): TelemetrySettings => ({
  tenant: 'acme',
  sentry_dsn: null,
  environment: 'test',
  release: 'attest@0.1.0',
  analytics_urls,
});

describe('analytics client (spec 2 §9.4)', () => {
  const fetchSpy = vi.fn(async () => new Response('{}'));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchSpy);
    fetchSpy.mockClear();
  });
  afterEach(() => {
    flushAnalytics();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends nothing at all without destinations', () => {
    startAnalytics(null);
    track('home.start_workflow', { kind: 3 });
    track('login.email_password');
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS * 2);
    flushAnalytics();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('POSTs one JSON batch to every destination after the wait, with the names and kinds only', async () => {
    startAnalytics(settings(['https://a.example/collect', 'http://127.0.0.1:9/events']));
    setAnalyticsAudience('external');
    track('home.start_workflow', { kind: 3 });
    track('tasks.my_group_tasks', { section: 'group' });
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS - 1);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const calls = fetchSpy.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['https://a.example/collect', 'http://127.0.0.1:9/events']);
    const [, init] = calls[0] ?? [];
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    const batch = AnalyticsBatchSchema.parse(JSON.parse(String(init?.body)));
    expect(batch.tenant).toBe('acme');
    expect(batch.events).toEqual([
      { name: 'home.start_workflow', at: expect.any(String), kind: 3, audience: 'external' },
      { name: 'tasks.my_group_tasks', at: expect.any(String), section: 'group', audience: 'external' },
    ]);
  });

  it('sends a full batch at once, and what is left when the page closes', () => {
    const sent: string[] = [];
    startAnalytics(settings(['https://a.example/collect']), (_url, body) => sent.push(body));
    for (let i = 0; i < 50; i++) track('search.global');
    expect(sent).toHaveLength(1);
    track('search.advanced');
    dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1] ?? '{}').events).toEqual([
      expect.objectContaining({ name: 'search.advanced' }),
    ]);
  });
});
