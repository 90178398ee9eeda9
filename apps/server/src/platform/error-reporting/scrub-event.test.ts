import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { scrubEvent } from './scrub-event.js';

describe('scrubEvent (issue 19: never bodies, passwords, tokens, cookies)', () => {
  it('drops the body, cookies and person, and redacts credential headers and query parameters', () => {
    const event = scrubEvent({
      user: { id: '7', email: 'ada@acme.test' },
      request: {
        url: 'http://acme.localhost/api/v1/users/login/?next=/home&token=abc',
        method: 'POST',
        data: { password: 'hunter2' },
        cookies: { sessionid: 's3cr3t' },
        query_string: 'next=%2Fhome&token=abc&otp_code=123456',
        headers: { 'content-type': 'application/json', cookie: 'sessionid=s3cr3t', 'X-CSRFToken': 'c5rf' },
      },
      extra: { password: 'hunter2', attempt: 2 },
      breadcrumbs: [{ message: 'login', data: { api_token: 'tok', status: 400 } }],
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: 'http://acme.localhost/api/v1/users/login/',
      method: 'POST',
      query_string: 'next=%2Fhome&token=%5Bredacted%5D&otp_code=%5Bredacted%5D',
      headers: { 'content-type': 'application/json', cookie: '[redacted]', 'X-CSRFToken': '[redacted]' },
    });
    expect(event.extra).toEqual({ password: '[redacted]', attempt: 2 });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ api_token: '[redacted]', status: 400 });
    expect(JSON.stringify(event)).not.toMatch(/hunter2|s3cr3t|c5rf|123456|"tok"/);
  });
});

describe('error-reporting configuration', () => {
  it('refuses a DSN the SDK would silently ignore, and analytics addresses that are not http(s)', () => {
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.example.io/42' }).SENTRY_DSN).toBeDefined();
    expect(loadConfig({ SENTRY_DSN: 'http://key@127.0.0.1:9000/sub/path/7' }).SENTRY_DSN).toBeDefined();
    expect(() => loadConfig({ SENTRY_DSN: 'https://public-key@errors.example/42' })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_BROWSER_DSN: 'https://errors.example/42' })).toThrow(
      /SENTRY_BROWSER_DSN/,
    );
    expect(
      loadConfig({ ANALYTICS_URLS: ' https://a.example/c , http://127.0.0.1:9/e ' }).ANALYTICS_URLS,
    ).toEqual(['https://a.example/c', 'http://127.0.0.1:9/e']);
    expect(loadConfig({}).ANALYTICS_URLS).toEqual([]);
    expect(() => loadConfig({ ANALYTICS_URLS: 'ftp://a.example/c' })).toThrow(/ANALYTICS_URLS/);
  });
});
