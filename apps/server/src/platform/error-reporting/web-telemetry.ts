import { TELEMETRY_META_NAME, type TelemetrySettings } from '@attest/shared';
import type { Config } from '../../config.js';
import { serverRelease } from './server-release.js';

// The web app's error-reporting and analytics settings for one tenant, or null when the operator
// configured neither: then index.html is served as built and the browser sends nothing.
export function webTelemetrySettings(config: Config, tenant: string): TelemetrySettings | null {
  const dsn = config.SENTRY_BROWSER_DSN ?? config.SENTRY_DSN ?? null;
  if (!dsn && config.ANALYTICS_URLS.length === 0) return null;
  return {
    tenant,
    sentry_dsn: dsn,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    release: config.SENTRY_RELEASE ?? serverRelease(),
    analytics_urls: config.ANALYTICS_URLS,
  };
}

// The origins the browser sends events to, for the page policy's connect-src.
export function webTelemetryOrigins(config: Config): string[] {
  const dsn = config.SENTRY_BROWSER_DSN ?? config.SENTRY_DSN;
  return [...new Set([...(dsn ? [dsn] : []), ...config.ANALYTICS_URLS].map((url) => new URL(url).origin))];
}

// index.html with the settings in a meta tag at the end of its head (read by the web app's
// lib/telemetry before it loads anything).
export function withTelemetryMeta(html: string, settings: TelemetrySettings | null): string {
  if (!settings) return html;
  const content = JSON.stringify(settings).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const meta = `<meta name="${TELEMETRY_META_NAME}" content="${content}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}
