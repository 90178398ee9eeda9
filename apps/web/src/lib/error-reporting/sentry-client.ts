import type { TelemetrySettings } from '@attest/shared';
import * as Sentry from '@sentry/react';
import { type AuthState, filterError, filterTransaction } from './event-rules';
import { isIgnoredError } from './ignore-list';
import { tracesSampler } from './trace-sampling';

// The only file that imports the SDK: loaded on demand (error-reporting.ts) when the server gave a
// DSN, so the sign-in page's first load never carries it.

export type SentryOptions = {
  getAuth: () => AuthState;
  // Tests hand a transport that keeps the envelopes; otherwise the SDK's fetch transport.
  transport?: Sentry.BrowserOptions['transport'];
};

export function initSentry(settings: TelemetrySettings, options: SentryOptions): void {
  Sentry.init({
    dsn: settings.sentry_dsn ?? undefined,
    environment: settings.environment,
    release: settings.release,
    sendDefaultPii: false,
    integrations: [Sentry.browserTracingIntegration()],
    // Spec 2 §9.5: the trace sample table, then which performance events are kept.
    tracesSampler,
    beforeSendTransaction: (event) => filterTransaction(event, options.getAuth()),
    // Spec 2 §8: the ignore list.
    beforeSend: (event) => filterError(event),
    ...(options.transport && { transport: options.transport }),
  });
  // Spec 2 §7: every event carries the tenant.
  Sentry.setTag('tenant', settings.tenant);
}

// The event's id, which the Feedback dialog attaches; null for an error on the ignore list, which
// is never sent (so no feedback points at an event nobody can find).
export function captureError(error: unknown): string | null {
  const texts =
    error instanceof Error
      ? { exception: { values: [{ type: error.name, value: error.message }] } }
      : { message: String(error) };
  return isIgnoredError(texts) ? null : Sentry.captureException(error);
}

export function captureFeedback(message: string, eventId: string | null): string {
  return Sentry.captureFeedback({ message, ...(eventId && { associatedEventId: eventId }) });
}

export function addBreadcrumb(category: string, message: string): void {
  Sentry.addBreadcrumb({ category, message, level: 'warning' });
}
