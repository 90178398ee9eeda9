import { startAnalytics } from '../analytics/analytics';
import { startErrorReporting } from '../error-reporting/error-reporting';
import { parseTelemetrySettings } from './telemetry-settings';

// Loaded only when the page carries telemetry settings (main.tsx): error reporting and analytics
// start from them.
export function startTelemetry(content: string): void {
  const settings = parseTelemetrySettings(content);
  startErrorReporting(settings);
  startAnalytics(settings);
}
