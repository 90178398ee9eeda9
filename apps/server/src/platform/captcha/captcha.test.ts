import { createServer } from 'node:http';
import { SIGN_IN_PATHS } from '@attest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { TEST_CAPTCHA_SECRET, TEST_CAPTCHA_TOKEN } from '../../test/local-captcha.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { createSecretBox } from '../crypto/secret-box.js';
import { hcaptchaVerifierAt } from './hcaptcha-verifier.js';

const { app, adminDb } = await createTestApp();
const LOGIN = '/api/v1/users/login/';
const REQUIRED = 'Please complete the captcha to continue.';
const FAILED = 'The captcha could not be verified. Please try again.';

async function captchaTenant() {
  const tenant = await createTestTenant(adminDb);
  await adminDb
    .updateTable('tenant_configurations')
    .set({
      captcha_enabled: true,
      hcaptcha_site_key: 'site-key-123',
      hcaptcha_secret_encrypted: createSecretBox(app.config.SECRET_KEY).seal(TEST_CAPTCHA_SECRET),
    })
    .where('tenant_id', '=', tenant.id)
    .execute();
  const client = TestClient.forTenant(app, tenant.slug);
  await client.get('/api/v1/customers/configuration/');
  return { tenant, client, member: `member@${tenant.slug}.test` };
}

const solved = { captcha_token: TEST_CAPTCHA_TOKEN, captcha_service: 'hcaptcha' };

describe('GET users/captcha/', () => {
  it('tells the sign-in pages whether to show the widget, and its site key', async () => {
    const plain = await createTestTenant(adminDb);
    const off = await TestClient.forTenant(app, plain.slug).get(SIGN_IN_PATHS.captchaConfig);
    expect(off.json()).toEqual({ enabled: false, site_key: null });
    const { client } = await captchaTenant();
    const on = await client.get(SIGN_IN_PATHS.captchaConfig);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, site_key: 'site-key-123' });
  });
});

describe('captcha on POST users/login/', () => {
  it('refuses a missing answer, and an answer for another service, with a clear message', async () => {
    const { client, member } = await captchaTenant();
    for (const extra of [{}, { captcha_token: TEST_CAPTCHA_TOKEN, captcha_service: 'recaptcha' }]) {
      const response = await client.post(LOGIN, { email: member, password: TEST_PASSWORD, ...extra });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: REQUIRED,
        code: 'captcha_invalid',
        errors: { captcha_token: [REQUIRED] },
      });
    }
  });

  it('refuses an answer the provider rejects', async () => {
    const { client, member } = await captchaTenant();
    const response = await client.post(LOGIN, {
      email: member,
      password: TEST_PASSWORD,
      captcha_token: 'forged',
      captcha_service: 'hcaptcha',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: FAILED, code: 'captcha_invalid' });
    expect(response.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
  });

  it('signs in with a valid answer', async () => {
    const { client, member } = await captchaTenant();
    const response = await client.post(LOGIN, { email: member, password: TEST_PASSWORD, ...solved });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(member);
  });

  it("exempts people holding 'can_bypass_captcha'", async () => {
    const { tenant, client, member } = await captchaTenant();
    await grant(adminDb, tenant.id, userId(tenant, member), ['can_bypass_captcha']);
    const response = await client.post(LOGIN, { email: member.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('refuses everyone when the tenant has no readable secret', async () => {
    const { tenant, client, member } = await captchaTenant();
    const foreignKey = createSecretBox('another-deployment-secret-key-of-32-chars').seal(TEST_CAPTCHA_SECRET);
    for (const sealed of [null, foreignKey]) {
      await adminDb
        .updateTable('tenant_configurations')
        .set({ hcaptcha_secret_encrypted: sealed })
        .where('tenant_id', '=', tenant.id)
        .execute();
      const response = await client.post(LOGIN, { email: member, password: TEST_PASSWORD, ...solved });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(FAILED);
    }
  });
});

describe('captcha on the e-mailed code and link', () => {
  it('guards request_otp, submit_otp and request_magic_link', async () => {
    const { client, member } = await captchaTenant();
    const paths = [
      [SIGN_IN_PATHS.requestOtp, { email: member }],
      [SIGN_IN_PATHS.submitOtp, { email: member, token: '123456' }],
      [SIGN_IN_PATHS.requestMagicLink, { email: member }],
    ] as const;
    for (const [path, body] of paths) {
      const refused = await client.post(path, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(REQUIRED);
    }
    expect((await client.post(SIGN_IN_PATHS.requestOtp, { email: member, ...solved })).statusCode).toBe(200);
    expect((await client.post(SIGN_IN_PATHS.requestMagicLink, { email: member, ...solved })).statusCode).toBe(
      200,
    );
    // Past the captcha, a wrong code is judged as a wrong code.
    const wrong = await client.post(SIGN_IN_PATHS.submitOtp, { email: member, token: '000000', ...solved });
    expect(wrong.json().detail).toBe('Invalid or expired code.');
  });
});

describe('the hCaptcha verifier', () => {
  // A local stand-in for api.hcaptcha.com that records what it was sent.
  const calls: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push(form);
      if (form.get('response') === 'boom') {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ success: form.get('secret') === 's3cret' && form.get('response') === 'good' }),
      );
    });
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts the tenant's secret, the answer and the address, and follows the provider's verdict", async () => {
    const verifier = hcaptchaVerifierAt(`http://127.0.0.1:${await listening}/siteverify`)('s3cret');
    expect(await verifier.verify('good', '203.0.113.9')).toBe(true);
    expect(Object.fromEntries(calls.at(-1) ?? [])).toEqual({
      secret: 's3cret',
      response: 'good',
      remoteip: '203.0.113.9',
    });
    expect(await verifier.verify('bad', null)).toBe(false);
    expect(await verifier.verify('boom', null)).toBe(false);
  });

  it('refuses when the provider cannot be reached', async () => {
    const verifier = hcaptchaVerifierAt('http://127.0.0.1:1/siteverify')('s3cret');
    expect(await verifier.verify('good', null)).toBe(false);
  });
});
