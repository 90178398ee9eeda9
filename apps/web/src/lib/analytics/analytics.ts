import {
  ANALYTICS_BATCH_MAX_EVENTS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type TelemetrySettings,
} from '@attest/shared';
import { connectAnalytics } from './track';

// Product analytics (spec 2 §9.4): the events track() hands over, batched and POSTed as JSON to
// each configured destination (docs/operations.md). None configured: nothing is collected or sent.
export type SendBatch = (url: string, body: string) => void;

// Events wait this long for others to go out with them.
export const ANALYTICS_FLUSH_MS = 5000;

let destinations: readonly string[] = [];
let tenant = '';
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
  if (destinations.length === 0) {
    connectAnalytics(null);
    return;
  }
  connectAnalytics(enqueue);
  addEventListener('pagehide', flushAnalytics);
}

function enqueue(event: AnalyticsEvent): void {
  queue.push(event);
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
