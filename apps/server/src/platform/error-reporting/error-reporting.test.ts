import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, SESSION_COOKIE, TELEMETRY_META_NAME, TelemetrySettingsSchema } from '@attest/shared';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { startSentryReceiver } from '../../test/sentry-receiver.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { NO_ERROR_REPORTER } from './error-reporter.js';
import { openErrorReporter } from './sentry-reporter.js';

// Issue 19: the server reports what nobody expected to the error-reporting service, with the
// tenant tag (spec 2 §7), proven against a local receiver that speaks Sentry's envelope protocol.
const receiver = await startSentryReceiver();
const analytics = 'http://127.0.0.1:9/collect';
const dist = await mkdtemp(path.join(tmpdir(), 'attest-web-dist-'));
await writeFile(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Attest</title></head><body></body></html>',
);
const { app, adminDb } = await createTestApp({
  SENTRY_DSN: receiver.dsn,
  SENTRY_ENVIRONMENT: 'staging',
  SENTRY_RELEASE: 'attest@9.9.9',
  ANALYTICS_URLS: analytics,
  WEB_DIST_DIR: dist,
});
const tenant = await createTestTenant(adminDb);
// A route that fails as a bug would, given a body with a secret in it.
app.post('/api/v1/test-failure/:id/', { config: { access: 'public' } }, async () => {
  throw new Error('the ledger exploded');
});

describe('server error reporting (issue 19)', () => {
  it('sends an unhandled route error with the tenant tag, environment and release, and no secret', async () => {
    const client = TestClient.forTenant(app, tenant.slug);
    expect((await client.signIn(`admin@${tenant.slug}.test`)).statusCode).toBe(200);
    const secrets = [TEST_PASSWORD, client.cookies.get(SESSION_COOKIE), client.cookies.get(CSRF_COOKIE)];
    expect(secrets.every(Boolean)).toBe(true);

    // A bad request is the client's mistake, not ours: not reported.
    expect((await client.post('/api/v1/users/login/', { email: 'x' })).statusCode).toBe(400);
    const failed = await client.post('/api/v1/test-failure/7/?token=query-secret', {
      password: TEST_PASSWORD,
      note: 'body-secret',
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    expect(failed.body).not.toContain('ledger');

    await vi.waitFor(() => expect(receiver.events()).toHaveLength(1), { timeout: 10_000 });
    const [event] = receiver.events();
    expect(receiver.envelopes[0]?.path).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=publickey/);
    expect(event).toMatchObject({
      environment: 'staging',
      release: 'attest@9.9.9',
      tags: { tenant: tenant.slug, method: 'POST', route: '/api/v1/test-failure/:id/' },
      exception: { values: [{ type: 'Error', value: 'the ledger exploded' }] },
    });
    expect(event).not.toHaveProperty('user');
    expect(event).not.toHaveProperty('request');
    const sent = receiver.raw.join('\n');
    for (const secret of [...secrets, 'query-secret', 'body-secret']) expect(sent).not.toContain(secret);
  });

  it('reports nothing and opens no SDK without SENTRY_DSN', () => {
    expect(openErrorReporter(loadConfig({}))).toBe(NO_ERROR_REPORTER);
  });
});

describe('the web app’s settings (issue 19)', () => {
  it('are written into index.html for the tenant, and their origins allowed in connect-src', async () => {
    const page = await TestClient.forTenant(app, tenant.slug).get('/login', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    const content = new RegExp(`<meta name="${TELEMETRY_META_NAME}" content="([^"]*)">`).exec(page.body)?.[1];
    const json = (content ?? '').replace(/&#(\d+);/g, (_m, code: string) =>
      String.fromCharCode(Number(code)),
    );
    expect(TelemetrySettingsSchema.parse(JSON.parse(json))).toEqual({
      tenant: tenant.slug,
      sentry_dsn: receiver.dsn,
      environment: 'staging',
      release: 'attest@9.9.9',
      analytics_urls: [analytics],
    });
    const policy = String(page.headers['content-security-policy']);
    const connect = policy.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toBe(`connect-src 'self' https: ${new URL(receiver.dsn).origin} http://127.0.0.1:9`);
  });
});
