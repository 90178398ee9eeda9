import { describe, expect, it } from 'vitest';
import { withTelemetryMeta } from './web-telemetry.js';

describe('withTelemetryMeta', () => {
  it('leaves index.html as built when nothing is configured, and escapes the settings otherwise', () => {
    const html = '<html><head><title>x</title></head></html>';
    expect(withTelemetryMeta(html, null)).toBe(html);
    const filled = withTelemetryMeta(html, {
      tenant: 'acme',
      sentry_dsn: null,
      environment: '"><script>',
      release: 'r',
      analytics_urls: [],
    });
    expect(filled).not.toContain('"><script>');
    expect(filled).toMatch(/<meta name="attest-telemetry" content="[^"<>]*"><\/head>/);
  });
});
