import {
  ANALYTICS_BATCH_MAX_EVENTS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type TelemetrySettings,
} from '@attest/shared';

// Product analytics (spec 2 §9.4): events by name and kind, batched, POSTed as JSON to each
// configured destination (docs/operations.md). None configured: track() does nothing, and nothing
// is ever sent.
export type AnalyticsDetails = Pick<AnalyticsEvent, 'kind' | 'section'>;
export type SendBatch = (url: string, body: string) => void;

// Events wait this long for others to go out with them.
export const ANALYTICS_FLUSH_MS = 5000;

let destinations: readonly string[] = [];
let tenant = '';
let audience: AnalyticsEvent['audience'];
let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let send: SendBatch = postBatch;

// keepalive: a batch sent as the page closes still arrives; no credentials: a destination never
// receives our cookies.
function postBatch(url: string, body: string): void {
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'omit',
  }).catch(() => {});
}

export function startAnalytics(settings: TelemetrySettings | null, sender: SendBatch = postBatch): void {
  destinations = settings?.analytics_urls ?? [];
  tenant = settings?.tenant ?? '';
  send = sender;
  if (destinations.length > 0) {
    addEventListener('pagehide', flushAnalytics);
  }
}

// Spec 2 §6: analytics tell an external user (a supplier) from an internal one.
export function setAnalyticsAudience(value: AnalyticsEvent['audience']): void {
  audience = value;
}

export function track(name: AnalyticsEventName, details: AnalyticsDetails = {}): void {
  if (destinations.length === 0) return;
  queue.push({ name, at: new Date().toISOString(), ...details, ...(audience && { audience }) });
  if (queue.length >= ANALYTICS_BATCH_MAX_EVENTS) flushAnalytics();
  else timer ??= setTimeout(flushAnalytics, ANALYTICS_FLUSH_MS);
}

export function flushAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const batch: AnalyticsBatch = { tenant, sent_at: new Date().toISOString(), events: queue };
  queue = [];
  const body = JSON.stringify(batch);
  for (const url of destinations) send(url, body);
}
