import type { TelemetrySettings } from '@attest/shared';
import type { AuthState } from './event-rules';
import type { SentryOptions } from './sentry-client';

// The app's face of error reporting (spec 2 §7, §8). Without a DSN every call is a no-op and the
// SDK is never downloaded; with one, the SDK chunk loads after the first render, and what is
// reported before it arrives waits for it.
type Client = typeof import('./sentry-client');

let client: Promise<Client> | null = null;
let auth: AuthState = 'unknown';
let lastEventId: string | null = null;

export function startErrorReporting(
  settings: TelemetrySettings | null,
  transport?: SentryOptions['transport'],
): void {
  if (!settings?.sentry_dsn || client) return;
  client = import('./sentry-client').then((sdk) => {
    sdk.initSentry(settings, { getAuth: () => auth, transport });
    return sdk;
  });
}

// Whether the person is signed in (spec 2 §9.5 keeps login events only then).
export function setErrorReportingAuth(state: AuthState): void {
  auth = state;
}

// An error the app caught itself (the router's error element, the boot error boundary): the SDK
// sees uncaught ones on its own.
export async function reportError(error: unknown): Promise<void> {
  if (!client) return;
  const sdk = await client;
  lastEventId = sdk.captureError(error);
}

// The id of the last event sent, which the Feedback dialog attaches (spec 2 §2.7).
export function lastErrorEventId(): string | null {
  return lastEventId;
}

// The Feedback dialog's text with the event it is about; false when error reporting is off.
export async function sendFeedback(message: string, eventId: string | null): Promise<boolean> {
  if (!client) return false;
  const sdk = await client;
  sdk.captureFeedback(message, eventId);
  return true;
}

// A note that later events carry (a failed preload before an error, say).
export async function noteForErrorReports(category: string, message: string): Promise<void> {
  if (client) (await client).addBreadcrumb(category, message);
}

// Tests start each case without a client.
export function resetErrorReportingForTests(): void {
  client = null;
  auth = 'unknown';
  lastEventId = null;
}
