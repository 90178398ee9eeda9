import { z } from 'zod';

// Where the web app reports errors and sends analytics, written by the server into index.html
// (a meta tag named TELEMETRY_META_NAME) only when the operator configured either: with nothing
// configured there is no tag, no SDK download and no request.
export const TELEMETRY_META_NAME = 'attest-telemetry';

export const TelemetrySettingsSchema = z.object({
  tenant: z.string().max(63),
  // The browser's Sentry DSN (public by design: it only lets one send events).
  sentry_dsn: z.url().nullable(),
  environment: z.string().max(64),
  release: z.string().max(200),
  analytics_urls: z.array(z.url()).max(5),
});
export type TelemetrySettings = z.infer<typeof TelemetrySettingsSchema>;
