import { describe, expect, it } from 'vitest';
import { parseTelemetrySettings, telemetryMetaContent } from './telemetry-settings';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'attest-telemetry';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('the telemetry meta tag', () => {
  it('reads what the server wrote, and nothing when there is no tag or it is unreadable', () => {
    const settings = {
      tenant: 'acme',
      sentry_dsn: 'https://publickey@errors.example/42',
      environment: 'production',
      release: 'attest@0.1.0',
      analytics_urls: ['https://a.example/collect'],
    };
    const read = (doc: Document) => {
      const content = telemetryMetaContent(doc);
      return content === null ? null : parseTelemetrySettings(content);
    };
    expect(read(documentWith(JSON.stringify(settings)))).toEqual(settings);
    expect(read(documentWith(null))).toBeNull();
    expect(read(documentWith(''))).toBeNull();
    expect(read(documentWith('{not json'))).toBeNull();
    expect(read(documentWith('{"tenant":"acme"}'))).toBeNull();
  });
});
