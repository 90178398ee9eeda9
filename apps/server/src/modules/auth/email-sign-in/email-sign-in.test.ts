import { SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.js';
import { createTestApp, createTestTenant, TestClient } from '../../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const CONFIGURATION = '/api/v1/customers/configuration/';

async function anonymousClient(slug: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  await client.get(CONFIGURATION);
  return client;
}

async function lastEmailTo(db: Db, tenantId: string, to: string) {
  return db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function requestCode(client: TestClient, tenantId: string, email: string): Promise<string> {
  const response = await client.post(SIGN_IN_PATHS.requestOtp, { email });
  expect(response.statusCode).toBe(200);
  const body = (await lastEmailTo(adminDb, tenantId, email))?.text_body ?? '';
  const code = /^\s+(\d{6})$/m.exec(body)?.[1];
  if (!code) throw new Error(`No code in e-mail: ${body}`);
  return code;
}

async function requestLink(client: TestClient, tenantId: string, email: string, next?: string) {
  const response = await client.post(SIGN_IN_PATHS.requestMagicLink, { email, next });
  expect(response.statusCode).toBe(200);
  const body = (await lastEmailTo(adminDb, tenantId, email))?.text_body ?? '';
  const link = /^(http\S+)$/m.exec(body)?.[1];
  if (!link) throw new Error(`No link in e-mail: ${body}`);
  return new URL(link);
}

// A confirmed authenticator app: every first factor must then stop at the MFA step.
async function enrolTotp(tenantId: string, userId: string): Promise<void> {
  await adminDb
    .insertInto('user_totp')
    .values({ tenant_id: tenantId, user_id: userId, secret_encrypted: 'sealed', confirmed_at: new Date() })
    .execute();
}

async function clearThrottle(tenantId: string): Promise<void> {
  await adminDb.deleteFrom('sign_in_throttles').where('tenant_id', '=', tenantId).execute();
}

describe('POST users/request_otp/', () => {
  it('e-mails a six-digit code that expires in 10 minutes and keeps only its hash', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const response = await client.post(SIGN_IN_PATHS.requestOtp, { email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'If an account exists for this e-mail, we have sent it a sign-in code.',
    });
    const sent = await lastEmailTo(adminDb, tenant.id, email);
    expect(sent?.subject).toBe('Your Attest sign-in code');
    expect(sent?.status).toBe('kept');
    expect(sent?.text_body).toContain('Hello Max,');
    expect(sent?.text_body).toContain('It expires in 10 minutes and can be used once.');
    const code = /^\s+(\d{6})$/m.exec(sent?.text_body ?? '')?.[1] ?? '';
    const token = await adminDb
      .selectFrom('one_time_tokens')
      .select(['token_hash', 'expires_at', 'purpose'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(token.purpose).toBe('login_code');
    expect(token.token_hash.length).toBe(32);
    expect(token.token_hash.toString('utf8')).not.toContain(code);
    const minutes = (token.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('answers the same for an unknown or inactive account and sends nothing', async () => {
    const tenant = await createTestTenant(adminDb);
    await adminDb.updateTable('users').set({ is_active: false }).where('tenant_id', '=', tenant.id).execute();
    const client = await anonymousClient(tenant.slug);
    const unknown = await client.post(SIGN_IN_PATHS.requestOtp, { email: `nobody@${tenant.slug}.test` });
    const inactive = await client.post(SIGN_IN_PATHS.requestOtp, { email: `member@${tenant.slug}.test` });
    expect(unknown.statusCode).toBe(200);
    expect(inactive.json()).toEqual(unknown.json());
    const count = await adminDb
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('sends at most five codes per account in fifteen minutes', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    for (let i = 0; i < 7; i += 1) {
      expect((await client.post(SIGN_IN_PATHS.requestOtp, { email })).statusCode).toBe(200);
    }
    const count = await adminDb
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it('sends at most 50 codes and links from one address in fifteen minutes, whatever the e-mails', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymousClient(tenant.slug);
    // As if 49 requests for other e-mails had come from this address a moment ago.
    await adminDb
      .insertInto('sign_in_throttles')
      .values({ tenant_id: tenant.id, key: 'email_request:ip:127.0.0.1', failures: 49 })
      .execute();
    const email = `member@${tenant.slug}.test`;
    expect((await client.post(SIGN_IN_PATHS.requestOtp, { email })).statusCode).toBe(200);
    for (const [path, to] of [
      [SIGN_IN_PATHS.requestOtp, email],
      [SIGN_IN_PATHS.requestMagicLink, email],
      [SIGN_IN_PATHS.requestOtp, `nobody@${tenant.slug}.test`],
    ] as const) {
      const refused = await client.post(path, { email: to });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('throttled');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    const sent = await adminDb
      .selectFrom('outbox_emails')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('refuses a missing e-mail and a write without CSRF', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymousClient(tenant.slug);
    const blank = await client.post(SIGN_IN_PATHS.requestOtp, { email: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'invalid', errors: { email: [expect.any(String)] } });
    const noCsrf = await client.post(SIGN_IN_PATHS.requestOtp, { email: 'a@b.test' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST users/submit_otp/', () => {
  it('signs in with the code once; the same code is then refused', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const token = await requestCode(client, tenant.id, email);
    const response = await client.post(SIGN_IN_PATHS.submitOtp, { email, token });
    expect(response.statusCode).toBe(200);
    expect(UserSchema.parse(response.json()).email).toBe(email);
    expect(client.cookies.get('sessionid')).toBeTruthy();
    const me = await client.get('/api/v1/users/me/?format=json');
    expect(me.statusCode).toBe(200);

    const again = await (await anonymousClient(tenant.slug)).post(SIGN_IN_PATHS.submitOtp, { email, token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired code.', code: 'authentication_failed' });
  });

  it('gives the same answer for a wrong code, an unknown e-mail and an expired code', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const token = await requestCode(client, tenant.id, email);
    const wrong = await client.post(SIGN_IN_PATHS.submitOtp, {
      email,
      token: token === '000000' ? '000001' : '000000',
    });
    const unknown = await client.post(SIGN_IN_PATHS.submitOtp, { email: `x@${tenant.slug}.test`, token });
    await adminDb
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    await clearThrottle(tenant.id);
    const expired = await client.post(SIGN_IN_PATHS.submitOtp, { email, token });
    for (const response of [wrong, unknown, expired]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid or expired code.', code: 'authentication_failed' });
    }
  });

  it('makes an earlier code worthless when a new one is requested', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const first = await requestCode(client, tenant.id, email);
    const second = await requestCode(client, tenant.id, email);
    if (first !== second) {
      expect((await client.post(SIGN_IN_PATHS.submitOtp, { email, token: first })).statusCode).toBe(400);
    }
    expect((await client.post(SIGN_IN_PATHS.submitOtp, { email, token: second })).statusCode).toBe(200);
  });

  it('kills a code after five wrong attempts', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const token = await requestCode(client, tenant.id, email);
    const wrong = token === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) {
      // The throttle's growing delay is tested on its own; here time is made to pass.
      await clearThrottle(tenant.id);
      expect((await client.post(SIGN_IN_PATHS.submitOtp, { email, token: wrong })).statusCode).toBe(400);
    }
    await clearThrottle(tenant.id);
    const right = await client.post(SIGN_IN_PATHS.submitOtp, { email, token });
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe('Invalid or expired code.');
  });

  it('is throttled after repeated failures (429 with Retry-After)', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    for (let i = 0; i < 3; i += 1) {
      await client.post(SIGN_IN_PATHS.submitOtp, { email, token: '000000' });
    }
    const throttled = await client.post(SIGN_IN_PATHS.submitOtp, { email, token: '000000' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it('stops at the MFA step for an account with an authenticator app', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    await enrolTotp(tenant.id, tenant.userIds[email] ?? '');
    const client = await anonymousClient(tenant.slug);
    const token = await requestCode(client, tenant.id, email);
    const response = await client.post(SIGN_IN_PATHS.submitOtp, { email, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mfa: { requires_mfa_verification: true } });
    expect(client.cookies.get('sessionid')).toBeUndefined();
    expect(client.cookies.get('mfa_challenge')).toBeTruthy();
  });

  it("never accepts one tenant's code on another tenant's host", async () => {
    const tenant = await createTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const token = await requestCode(await anonymousClient(tenant.slug), tenant.id, email);
    const response = await (await anonymousClient(other.slug)).post(SIGN_IN_PATHS.submitOtp, {
      email,
      token,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a code that is not six digits with a field error', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymousClient(tenant.slug);
    const response = await client.post(SIGN_IN_PATHS.submitOtp, { email: 'a@b.test', token: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid', errors: { token: [expect.any(String)] } });
  });
});

describe('magic links', () => {
  it("e-mails a link to the tenant's confirm page that expires in 15 minutes", async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const response = await client.post(SIGN_IN_PATHS.requestMagicLink, { email });
    expect(response.json()).toEqual({
      detail: 'If an account exists for this e-mail, we have sent it a sign-in link.',
    });
    const sent = await lastEmailTo(adminDb, tenant.id, email);
    expect(sent?.subject).toBe('Sign in to Attest');
    expect(sent?.text_body).toContain('The link expires in 15 minutes and works once.');
    const link = new URL(/^(http\S+)$/m.exec(sent?.text_body ?? '')?.[1] ?? '');
    expect(link.origin).toBe(`http://${tenant.slug}.localhost:3000`);
    expect(link.pathname).toBe('/login/magic/confirm');
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
  });

  it('answers the same for an unknown account', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymousClient(tenant.slug);
    const response = await client.post(SIGN_IN_PATHS.requestMagicLink, { email: `no@${tenant.slug}.test` });
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toBe(
      'If an account exists for this e-mail, we have sent it a sign-in link.',
    );
  });

  it('signs in once from the confirm button, returning the safe next path; reuse is refused', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const link = await requestLink(client, tenant.id, email, '/workflows/42?tab=steps');
    const token = link.searchParams.get('token') ?? '';
    // Opening the link (a GET of the page, as a mail scanner would) uses nothing up.
    await client.get(`${link.pathname}${link.search}`);
    const response = await client.post(SIGN_IN_PATHS.magicLinkLogin, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(UserSchema.parse(body).email).toBe(email);
    expect(body.next_path).toBe('/workflows/42?tab=steps');

    const reuse = await (await anonymousClient(tenant.slug)).post(SIGN_IN_PATHS.magicLinkLogin, { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      detail: 'This sign-in link has expired or has already been used.',
      code: 'TOKEN_EXPIRED_INVALID',
    });
  });

  it('makes an earlier link worthless when a new one is requested', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const first = await requestLink(client, tenant.id, email);
    const second = await requestLink(client, tenant.id, email);
    const old = await client.post(SIGN_IN_PATHS.magicLinkLogin, { token: first.searchParams.get('token') });
    expect(old.json().code).toBe('TOKEN_EXPIRED_INVALID');
    const fresh = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
      token: second.searchParams.get('token'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('stops working when the account is deactivated', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = await anonymousClient(tenant.slug);
    const link = await requestLink(client, tenant.id, email);
    await adminDb.updateTable('users').set({ is_active: false }).where('email', '=', email).execute();
    const response = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
      token: link.searchParams.get('token'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });

  it('drops a next that could leave the site', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    for (const next of ['//evil.test/x', 'https://evil.test', '/\\evil.test', '/login', '/a/../../b']) {
      const client = await anonymousClient(tenant.slug);
      const link = await requestLink(client, tenant.id, email, next);
      const response = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
        token: link.searchParams.get('token'),
      });
      expect(response.json().next_path).toBeNull();
      await adminDb.deleteFrom('one_time_tokens').where('tenant_id', '=', tenant.id).execute();
    }
  });

  it('refuses an expired link with TOKEN_EXPIRED_INVALID', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymousClient(tenant.slug);
    const link = await requestLink(client, tenant.id, `member@${tenant.slug}.test`);
    await adminDb
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const response = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
      token: link.searchParams.get('token'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });

  it('never skips MFA, and keeps next for after the MFA step', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    await enrolTotp(tenant.id, tenant.userIds[email] ?? '');
    const client = await anonymousClient(tenant.slug);
    const link = await requestLink(client, tenant.id, email, '/tasks');
    const response = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
      token: link.searchParams.get('token'),
    });
    expect(response.json()).toEqual({ mfa: { requires_mfa_verification: true }, next_path: '/tasks' });
    expect(client.cookies.get('sessionid')).toBeUndefined();
    const challenge = await adminDb
      .selectFrom('auth_challenges')
      .select(['first_factor', 'next_path'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(challenge).toEqual({ first_factor: 'magic_link', next_path: '/tasks' });
  });

  it("refuses another tenant's link and a malformed token", async () => {
    const tenant = await createTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const link = await requestLink(
      await anonymousClient(tenant.slug),
      tenant.id,
      `member@${tenant.slug}.test`,
    );
    const client = await anonymousClient(other.slug);
    const foreign = await client.post(SIGN_IN_PATHS.magicLinkLogin, {
      token: link.searchParams.get('token'),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('TOKEN_EXPIRED_INVALID');
    const short = await client.post(SIGN_IN_PATHS.magicLinkLogin, { token: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'invalid', errors: { token: [expect.any(String)] } });
  });
});
