import { SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { startOidcProvider } from '../../test/oidc-provider.js';
import { SsoBrowser } from '../../test/sso-browser.js';
import { addSsoProvider } from '../../test/sso-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { hashPassword } from './passwords.js';

// Finding 7 of issue 12: ten wrong passwords from anyone lock an account's password sign-in; the
// owner must still get in through what is sent to their own address, or SSO, and be told so.
const { app, adminDb } = await createTestApp();
const oidc = await startOidcProvider();
afterAll(() => oidc.close());

const ME = '/api/v1/users/me/';
const LOCKOUT_SUBJECT = 'Attest: Password sign-in to your account is paused';

async function anonymous(slug: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  await client.get('/api/v1/customers/configuration/');
  return client;
}

function emailsTo(db: Db, tenantId: string, to: string) {
  return db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body'])
    .where('tenant_id', '=', tenantId)
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .execute();
}

// Nine failures already counted (and past their delay), then the tenth through the API, as an
// attacker who never signed in would: the account is locked from then on.
async function lockOut(tenant: { id: string; slug: string }, email: string): Promise<TestClient> {
  await adminDb
    .insertInto('sign_in_throttles')
    .values({
      tenant_id: tenant.id,
      key: `login:account:${email}`,
      failures: 9,
      last_failure_at: new Date(Date.now() - 120_000),
    })
    .execute();
  const attacker = await anonymous(tenant.slug);
  expect((await attacker.signIn(email, 'wrong-password')).statusCode).toBe(400);
  return attacker;
}

describe('a locked account', () => {
  it('refuses the password as before, even the right one, and from any address', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    const attacker = await lockOut(tenant, email);
    const owner = await anonymous(tenant.slug);
    for (const client of [attacker, owner]) {
      const refused = await client.signIn(email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'Too many failed attempts. Please wait a moment before trying again.',
        code: 'throttled',
      });
    }
  });

  it('tells the owner once: paused until when, and how to sign in anyway', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const attacker = await lockOut(tenant, email);
    // Further attempts during the lock send nothing more.
    expect((await attacker.signIn(email, 'wrong-again')).statusCode).toBe(429);
    const notices = (await emailsTo(adminDb, tenant.id, email)).filter((e) => e.subject === LOCKOUT_SUBJECT);
    expect(notices).toHaveLength(1);
    const text = notices[0]?.text_body ?? '';
    const lock = await adminDb
      .selectFrom('sign_in_throttles')
      .select('locked_until')
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', `login:account:${email}`)
      .executeTakeFirstOrThrow();
    const until = lock.locked_until?.toISOString().replace('T', ' ').slice(0, 16);
    expect(text).toContain('Hello Max,');
    expect(text).toContain('with a wrong password too many times');
    expect(text).toContain(`signing in with your password is paused until ${until} UTC.`);
    expect(text).toContain(
      'You can still sign in now with a one-time code or a sign-in link sent to this address:',
    );
    expect(text).toContain(`http://${tenant.slug}.localhost:3000/login/code`);
    expect(text).toContain('consider changing your password');
    // No single sign-on on this tenant: the e-mail does not promise it.
    expect(text).not.toContain('Single sign-on');
  });

  it('sends no notice when the tenth attempt was the right password, nor for an unknown e-mail', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    await adminDb
      .insertInto('sign_in_throttles')
      .values({
        tenant_id: tenant.id,
        key: `login:account:${email}`,
        failures: 9,
        last_failure_at: new Date(Date.now() - 120_000),
      })
      .execute();
    expect((await (await anonymous(tenant.slug)).signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await emailsTo(adminDb, tenant.id, email)).toEqual([]);
    await lockOut(tenant, `nobody@${tenant.slug}.test`);
    expect(await emailsTo(adminDb, tenant.id, `nobody@${tenant.slug}.test`)).toEqual([]);
  });

  it('signs the owner in with a one-time code sent to their address', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    await lockOut(tenant, email);
    const owner = await anonymous(tenant.slug);
    expect((await owner.post(SIGN_IN_PATHS.requestOtp, { email })).statusCode).toBe(200);
    const [sent] = await emailsTo(adminDb, tenant.id, email);
    expect(sent?.subject).toBe('Your Attest sign-in code');
    const code = /^\s+(\d{6})$/m.exec(sent?.text_body ?? '')?.[1] ?? '';
    const signedIn = await owner.post(SIGN_IN_PATHS.submitOtp, { email, token: code });
    expect(signedIn.statusCode).toBe(200);
    expect(UserSchema.parse((await owner.get(ME)).json()).email).toBe(email);
  });

  it('still asks for the authenticator app after an e-mailed code', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    await adminDb
      .insertInto('user_totp')
      .values({
        tenant_id: tenant.id,
        user_id: tenant.userIds[email] ?? '',
        secret_encrypted: 'sealed',
        confirmed_at: new Date(),
      })
      .execute();
    await lockOut(tenant, email);
    const owner = await anonymous(tenant.slug);
    await owner.post(SIGN_IN_PATHS.requestOtp, { email });
    const [sent] = await emailsTo(adminDb, tenant.id, email);
    const code = /^\s+(\d{6})$/m.exec(sent?.text_body ?? '')?.[1] ?? '';
    const answer = await owner.post(SIGN_IN_PATHS.submitOtp, { email, token: code });
    expect(answer.json()).toEqual({ mfa: { requires_mfa_verification: true } });
    expect((await owner.get(ME)).statusCode).toBe(401);
  });

  it('signs the owner in with a magic link sent to their address', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    await lockOut(tenant, email);
    const owner = await anonymous(tenant.slug);
    expect((await owner.post(SIGN_IN_PATHS.requestMagicLink, { email })).statusCode).toBe(200);
    const [sent] = await emailsTo(adminDb, tenant.id, email);
    const link = new URL(/^(http\S+)$/m.exec(sent?.text_body ?? '')?.[1] ?? 'http://none/');
    const token = link.searchParams.get('token') ?? '';
    const signedIn = await owner.post(SIGN_IN_PATHS.magicLinkLogin, { token });
    expect(signedIn.statusCode).toBe(200);
    expect(UserSchema.parse((await owner.get(ME)).json()).email).toBe(email);
  });

  it('signs the owner in through single sign-on, and the notice says it still works', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(tenant.admin);
    await addSsoProvider(admin, oidc, { tenantSlug: tenant.slug });
    // Signed up through SSO once, then given a password too: both ways in exist.
    const email = 'owner@corp.test';
    oidc.signInAs({ sub: 'sub-owner', email });
    const first = TestClient.forTenant(app, tenant.slug);
    await new SsoBrowser(first, oidc.issuer).open(SIGN_IN_PATHS.ssoAuthorize('corp'));
    const ownerId = UserSchema.parse((await first.get(ME)).json()).id;
    await adminDb
      .updateTable('users')
      .set({ password_hash: await hashPassword(TEST_PASSWORD) })
      .where('id', '=', String(ownerId))
      .execute();

    await lockOut(tenant, email);
    expect((await (await anonymous(tenant.slug)).signIn(email, TEST_PASSWORD)).statusCode).toBe(429);
    const [notice] = await emailsTo(adminDb, tenant.id, email);
    expect(notice?.subject).toBe(LOCKOUT_SUBJECT);
    expect(notice?.text_body).toContain('Single sign-on also still works.');

    const owner = TestClient.forTenant(app, tenant.slug);
    const { location } = await new SsoBrowser(owner, oidc.issuer).open(SIGN_IN_PATHS.ssoAuthorize('corp'));
    expect(location).toBe('/');
    expect(UserSchema.parse((await owner.get(ME)).json()).id).toBe(ownerId);
  });
});
