import type { AnalyticsEvent, AnalyticsEventName } from '@attest/shared';

// What the app calls where something happens (spec 2 §9.4). Until analytics is started (only when
// destinations are configured, from a chunk of its own: analytics.ts), events go nowhere: this file
// is all of analytics that the first load carries.
export type AnalyticsDetails = Pick<AnalyticsEvent, 'kind' | 'section'>;
type Sink = (event: AnalyticsEvent) => void;

let sink: Sink | null = null;
let audience: AnalyticsEvent['audience'];

export function track(name: AnalyticsEventName, details: AnalyticsDetails = {}): void {
  sink?.({ name, at: new Date().toISOString(), ...details, ...(audience && { audience }) });
}

// Spec 2 §6: analytics tell an external user (a supplier) from an internal one.
export function setAnalyticsAudience(value: AnalyticsEvent['audience']): void {
  audience = value;
}

export function connectAnalytics(next: Sink | null): void {
  sink = next;
}
