import { UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const LOGIN = '/api/v1/users/login/';
const ME = '/api/v1/users/me/?format=json';
const PERMISSIONS = '/api/v1/users/permissions/';

describe('POST users/login/', () => {
  it('signs in, sets an httpOnly host-only session cookie and answers the user', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const response = await client.signIn(`ADMIN@${tenant.slug}.test`);
    expect(response.statusCode).toBe(200);
    const user = UserSchema.parse(response.json());
    expect(user).toMatchObject({
      email: `admin@${tenant.slug}.test`,
      first_name: 'Ada',
      tenant: tenant.slug,
      // The real-time client names its private channels with it (issue 6).
      tenant_id: Number(tenant.id),
      kind: 1,
      mfa: { requires_mfa_verification: false },
      groups: [{ name: 'Admins' }],
      features: ['view_reports'],
    });
    const session = response.cookies.find((c) => c.name === 'sessionid');
    expect(session?.httpOnly).toBe(true);
    expect(session?.domain).toBeUndefined();
    // The CSRF token is bound to the new session and handed to the client as a cookie.
    expect(response.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(user.csrf);
  });

  it('issues a new session id and CSRF token at every sign-in', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const first = UserSchema.parse((await client.signIn(`member@${tenant.slug}.test`)).json());
    const firstCookie = client.cookies.get('sessionid');
    const second = UserSchema.parse((await client.signIn(`member@${tenant.slug}.test`)).json());
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.csrf).not.toBe(first.csrf);
    expect(client.cookies.get('sessionid')).not.toBe(firstCookie);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const wrongPassword = await client.signIn(`admin@${tenant.slug}.test`, 'not-the-password');
    const unknownEmail = await client.signIn(`nobody@${tenant.slug}.test`, TEST_PASSWORD);
    const expected = { detail: 'Unable to log in with provided credentials.', code: 'authentication_failed' };
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.statusCode).toBe(400);
    expect(unknownEmail.json()).toEqual(expected);
    expect(wrongPassword.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
  });

  it('refuses a blank e-mail with a field error', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const response = await client.post(LOGIN, { email: '  ', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid', errors: { email: [expect.any(String)] } });
  });

  it('refuses a body that tries to set fields the endpoint does not define', async () => {
    const tenant = await createTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const response = await client.post(LOGIN, {
      email: `admin@${tenant.slug}.test`,
      password: TEST_PASSWORD,
      tenant_id: other.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid' });
    expect(response.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
  });

  it('accepts captcha_service only as hcaptcha and ignores any other value', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const response = await client.post(LOGIN, {
      email: `admin@${tenant.slug}.test`,
      password: TEST_PASSWORD,
      captcha_token: 'token',
      captcha_service: 'recaptcha',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a write without the CSRF header', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const body = { email: `admin@${tenant.slug}.test`, password: TEST_PASSWORD };
    const response = await client.post(LOGIN, body, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'csrf_failed',
    });
    const forged = await client.post(LOGIN, body, { csrf: false, headers: { 'x-csrftoken': 'forged' } });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses a signed-in write whose token is not the session token', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`admin@${tenant.slug}.test`);
    // A sibling site that could plant its own csrftoken cookie still cannot match the session's token.
    client.cookies.set('csrftoken', 'planted-by-attacker');
    const response = await client.post('/api/v1/users/set_user_timezone/', { timezone: 'Europe/Paris' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses cross-site writes', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`admin@${tenant.slug}.test`);
    const response = await client.post(
      '/api/v1/users/set_user_timezone/',
      { timezone: 'Europe/Paris' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('answers 401 to me without a session', async () => {
    const tenant = await createTestTenant(adminDb);
    const response = await TestClient.forTenant(app, tenant.slug).get(ME);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });

  it('ends the session at logout', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`admin@${tenant.slug}.test`);
    const stolenCookie = client.cookies.get('sessionid') ?? '';
    expect((await client.get(ME)).statusCode).toBe(200);
    const logout = await client.get('/api/v1/users/logout/');
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ redirect_url: null });
    expect((await client.get(ME)).statusCode).toBe(401);
    // The old cookie value is dead on the server, not merely forgotten by the browser.
    const replay = new TestClient(app, client.host);
    replay.cookies.set('sessionid', stolenCookie);
    expect((await replay.get(ME)).statusCode).toBe(401);
  });

  it("refuses one tenant's session on another tenant's host", async () => {
    const acme = await createTestTenant(adminDb);
    const globex = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, acme.slug);
    await client.signIn(`admin@${acme.slug}.test`);
    const elsewhere = TestClient.forTenant(app, globex.slug);
    elsewhere.cookies.set('sessionid', client.cookies.get('sessionid') ?? '');
    expect((await elsewhere.get(ME)).statusCode).toBe(401);
    expect((await elsewhere.get(PERMISSIONS)).statusCode).toBe(401);
  });
});

describe('GET users/permissions/', () => {
  it("answers the user's permissions by codename", async () => {
    const tenant = await createTestTenant(adminDb);
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(`admin@${tenant.slug}.test`);
    const adminPerms = (await admin.get(PERMISSIONS)).json().objects;
    expect(adminPerms).toMatchObject({ can_view_dashboard: true, can_export_workflow_data: true });

    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    const memberPerms = (await member.get(PERMISSIONS)).json().objects;
    expect(memberPerms).toMatchObject({ can_view_dashboard: true, can_export_workflow_data: false });
    expect(memberPerms.can_impersonate_users).toBe(false);
  });

  it('includes permissions granted to the user directly', async () => {
    const tenant = await createTestTenant(adminDb);
    await adminDb
      .insertInto('user_permissions')
      .values({
        tenant_id: tenant.id,
        user_id: tenant.userIds[`member@${tenant.slug}.test`] ?? '',
        codename: 'can_view_alerts',
      })
      .execute();
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    expect((await member.get(PERMISSIONS)).json().objects.can_view_alerts).toBe(true);
  });

  it('answers 401 when signed out', async () => {
    const tenant = await createTestTenant(adminDb);
    expect((await TestClient.forTenant(app, tenant.slug).get(PERMISSIONS)).statusCode).toBe(401);
  });
});

describe('language and time zone', () => {
  it('stores a supported preferred language and refuses others', async () => {
    const tenant = await createTestTenant(adminDb, { configuration: { supported_languages: ['en', 'es'] } });
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const changed = await client.post('/api/v1/users/change_prefered_language/', { to_language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ prefered_language: 'es' });
    expect((await client.get(ME)).json().prefered_language).toBe('es');

    const refused = await client.post('/api/v1/users/change_prefered_language/', { to_language: 'ja' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'This language is not supported.', code: 'invalid' });
    expect((await client.get(ME)).json().prefered_language).toBe('es');
  });

  it('stores a known time zone and refuses an unknown one', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const ok = await client.post('/api/v1/users/set_user_timezone/', { timezone: 'Asia/Tokyo' });
    expect(ok.json()).toEqual({ timezone: 'Asia/Tokyo' });
    expect((await client.get(ME)).json().timezone).toBe('Asia/Tokyo');
    const bad = await client.post('/api/v1/users/set_user_timezone/', { timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Unknown time zone.' });
  });

  it('refuses both calls when signed out', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    expect((await client.post('/api/v1/users/set_user_timezone/', { timezone: 'UTC' })).statusCode).toBe(401);
    expect(
      (await client.post('/api/v1/users/change_prefered_language/', { to_language: 'en' })).statusCode,
    ).toBe(401);
  });
});
