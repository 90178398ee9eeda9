import { TELEMETRY_META_NAME, type TelemetrySettings, TelemetrySettingsSchema } from '@attest/shared';

// What the server wrote into index.html (apps/server/src/platform/error-reporting/web-telemetry.ts):
// the meta tag's text, or null when nothing is configured. Cheap, for the first-load entry chunk.
export function telemetryMetaContent(doc: Pick<Document, 'querySelector'> = document): string | null {
  return doc.querySelector(`meta[name="${TELEMETRY_META_NAME}"]`)?.getAttribute('content') || null;
}

// The settings in it; null when unreadable (then nothing is sent either).
export function parseTelemetrySettings(content: string): TelemetrySettings | null {
  try {
    const parsed = TelemetrySettingsSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
