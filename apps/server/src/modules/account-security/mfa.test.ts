import { ACCOUNT_PATHS, SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const ME = '/api/v1/users/me/?format=json';
const TIMEZONE = '/api/v1/users/set_user_timezone/';

// A code of the step `offset` steps from now (the server accepts one step either way).
function codeAt(secret: string, offset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

async function enrol(client: TestClient) {
  const setup = await client.post(ACCOUNT_PATHS.totpSetup, {});
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await client.post(ACCOUNT_PATHS.totpConfirm, { code: await codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirm.json().recovery_codes as string[] };
}

async function enrolledMember(slug: string) {
  const client = TestClient.forTenant(app, slug);
  await client.signIn(`member@${slug}.test`);
  const enrolment = await enrol(client);
  return { ...enrolment, email: `member@${slug}.test` };
}

// The MFA changes only: every sign-in is recorded too.
function auditActions(db: Db, tenantId: string) {
  return db
    .selectFrom('audit_events')
    .select('action')
    .where('tenant_id', '=', tenantId)
    .where('action', 'like', 'mfa.%')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.action));
}

describe('authenticator app enrolment', () => {
  it('answers a secret, an otpauth URL with the brand and e-mail, and a QR code; stores the secret sealed', async () => {
    const tenant = await createTestTenant(adminDb, { brand: 'credit-data' });
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const response = await client.post(ACCOUNT_PATHS.totpSetup, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toBe(
      `otpauth://totp/Attest%20Credit%20Data:member%40${tenant.slug}.test?secret=${body.secret}&issuer=Attest%20Credit%20Data`,
    );
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);
    const stored = await adminDb
      .selectFrom('user_totp')
      .select(['secret_encrypted', 'confirmed_at'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(body.secret);
    expect(stored.confirmed_at).toBeNull();
    // Not enrolled until confirmed: signing in still needs no code.
    expect(UserSchema.parse((await client.get(ME)).json()).mfa.enrolled).toBe(false);
  });

  it('confirms with a code from the app, answers 10 recovery codes and records the change', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const { secret } = (await client.post(ACCOUNT_PATHS.totpSetup, {})).json();
    const wrong = await client.post(ACCOUNT_PATHS.totpConfirm, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: 'Invalid verification code.',
      code: 'invalid',
      errors: { code: ['Invalid verification code.'] },
    });
    const malformed = await client.post(ACCOUNT_PATHS.totpConfirm, { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toBeDefined();

    const confirmed = await client.post(ACCOUNT_PATHS.totpConfirm, { code: await codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(UserSchema.parse((await client.get(ME)).json()).mfa.enrolled).toBe(true);
    expect(await auditActions(adminDb, tenant.id)).toEqual(['mfa.enabled']);

    // A confirmed app is not silently replaced.
    const again = await client.post(ACCOUNT_PATHS.totpSetup, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(
      'An authenticator app is already set up. Turn it off before setting up another.',
    );
    expect((await client.post(ACCOUNT_PATHS.totpConfirm, { code: await codeAt(secret, 1) })).statusCode).toBe(
      400,
    );
  });

  it('refuses to confirm before setup, and every call when signed out', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    expect((await client.post(ACCOUNT_PATHS.totpSetup, {})).statusCode).toBe(401);
    expect((await client.post(ACCOUNT_PATHS.recoveryCodes, {})).statusCode).toBe(401);
    expect((await client.post(ACCOUNT_PATHS.totpDisable, { password: 'x' })).statusCode).toBe(401);
    await client.signIn(`member@${tenant.slug}.test`);
    const early = await client.post(ACCOUNT_PATHS.totpConfirm, { code: '123456' });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe('Set up an authenticator app first.');
  });
});

describe('POST users/login_using_mfa/', () => {
  it('completes a password sign-in with a code, and refuses the same code twice', async () => {
    const tenant = await createTestTenant(adminDb);
    const { secret, email } = await enrolledMember(tenant.slug);
    const client = TestClient.forTenant(app, tenant.slug);

    const first = await client.signIn(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfa: { requires_mfa_verification: true } });
    expect(first.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    const challenge = first.cookies.find((c) => c.name === 'mfa_challenge');
    expect(challenge?.httpOnly).toBe(true);
    expect((await client.get(ME)).statusCode).toBe(401);

    // The confirmation used this step's code; the next step's code is new.
    const code = await codeAt(secret, 1);
    const second = await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: code });
    expect(second.statusCode).toBe(200);
    const user = UserSchema.parse(second.json());
    expect(user).toMatchObject({ email, mfa: { requires_mfa_verification: false, enrolled: true } });
    expect(second.cookies.find((c) => c.name === 'sessionid')?.httpOnly).toBe(true);
    expect(client.cookies.has('mfa_challenge')).toBe(false);
    expect((await client.get(ME)).statusCode).toBe(200);
    const session = await adminDb
      .selectFrom('sessions')
      .select(['auth_method', 'mfa_verified'])
      .where('tenant_id', '=', tenant.id)
      .where('id', '=', user.sessionId)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ auth_method: 'password', mfa_verified: true });

    // The same code again, on a new challenge: refused.
    const other = TestClient.forTenant(app, tenant.slug);
    await other.signIn(email);
    const replay = await other.post(SIGN_IN_PATHS.loginUsingMfa, { token: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      detail: 'Invalid verification code.',
      errors: { token: expect.any(Array) },
    });
    // An older step's code cannot follow a newer one either.
    expect(
      (await other.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 0) })).statusCode,
    ).toBe(400);
    expect(other.cookies.has('sessionid')).toBe(false);
  });

  it('accepts a recovery code once, whatever its case', async () => {
    const tenant = await createTestTenant(adminDb);
    const { recoveryCodes, email } = await enrolledMember(tenant.slug);
    const [firstCode = '', secondCode = ''] = recoveryCodes;

    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    expect((await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: firstCode })).statusCode).toBe(200);

    const again = TestClient.forTenant(app, tenant.slug);
    await again.signIn(email);
    expect((await again.post(SIGN_IN_PATHS.loginUsingMfa, { token: firstCode })).statusCode).toBe(400);
    const upper = await again.post(SIGN_IN_PATHS.loginUsingMfa, { token: secondCode.toUpperCase() });
    expect(upper.statusCode).toBe(200);
  });

  it('answers TOKEN_EXPIRED_INVALID without a challenge, after it expires, and after 5 wrong codes', async () => {
    const tenant = await createTestTenant(adminDb);
    const { secret, email } = await enrolledMember(tenant.slug);
    const expired = {
      detail: 'This sign-in has expired. Please sign in again.',
      code: 'TOKEN_EXPIRED_INVALID',
    };

    const none = TestClient.forTenant(app, tenant.slug);
    await none.get('/api/v1/customers/configuration/');
    const missing = await none.post(SIGN_IN_PATHS.loginUsingMfa, { token: '123456' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(expired);

    const late = TestClient.forTenant(app, tenant.slug);
    await late.signIn(email);
    await adminDb
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect((await late.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) })).json()).toEqual(
      expired,
    );

    const guesser = TestClient.forTenant(app, tenant.slug);
    await guesser.signIn(email);
    for (let n = 0; n < 5; n++) {
      // Clear the account throttle, so that this test sees the challenge's own limit.
      await adminDb.deleteFrom('sign_in_throttles').where('tenant_id', '=', tenant.id).execute();
      const wrong = await guesser.post(SIGN_IN_PATHS.loginUsingMfa, { token: '000000' });
      expect(wrong.json().detail).toBe('Invalid verification code.');
    }
    const dead = await guesser.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toEqual(expired);
  });

  it('throttles repeated wrong codes on the account with 429', async () => {
    const tenant = await createTestTenant(adminDb);
    const { email } = await enrolledMember(tenant.slug);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    for (let n = 0; n < 3; n++) {
      expect((await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: '000000' })).statusCode).toBe(400);
    }
    // As if the failures had just happened, with a delay long enough for a slow machine.
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ failures: 5, last_failure_at: new Date() })
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', `mfa:account:${email}`)
      .execute();
    const refused = await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: '000000' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("answers the first factor's destination once the code is accepted (a magic link's next)", async () => {
    const tenant = await createTestTenant(adminDb);
    const { secret, email } = await enrolledMember(tenant.slug);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    await client.post(SIGN_IN_PATHS.requestMagicLink, { email, next: '/tasks?view=mine' });
    const mail = await adminDb
      .selectFrom('outbox_emails')
      .select('text_body')
      .where('tenant_id', '=', tenant.id)
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const first = await client.post(SIGN_IN_PATHS.magicLinkLogin, { token });
    expect(first.json()).toMatchObject({ mfa: { requires_mfa_verification: true } });

    const second = await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ email, next_path: '/tasks?view=mine' });
  });

  it("keeps the first factor as the session's sign-in method, and refuses a deactivated user", async () => {
    const tenant = await createTestTenant(adminDb);
    const { secret, email } = await enrolledMember(tenant.slug);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    // As if the first factor had been a magic link.
    await adminDb
      .updateTable('auth_challenges')
      .set({ first_factor: 'magic_link' })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const response = await client.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) });
    const { sessionId } = UserSchema.parse(response.json());
    const session = await adminDb
      .selectFrom('sessions')
      .select('auth_method')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.auth_method).toBe('magic_link');

    const later = TestClient.forTenant(app, tenant.slug);
    await later.signIn(email);
    await adminDb
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', tenant.id)
      .where('email', '=', email)
      .execute();
    const refused = await later.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });

  it("never accepts one tenant's challenge on another tenant's host", async () => {
    const acme = await createTestTenant(adminDb);
    const globex = await createTestTenant(adminDb);
    const { secret, email } = await enrolledMember(acme.slug);
    const client = TestClient.forTenant(app, acme.slug);
    await client.signIn(email);
    const elsewhere = TestClient.forTenant(app, globex.slug);
    await elsewhere.get('/api/v1/customers/configuration/');
    elsewhere.cookies.set('mfa_challenge', client.cookies.get('mfa_challenge') ?? '');
    const response = await elsewhere.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeAt(secret, 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });
});

describe('recovery codes and turning the app off', () => {
  it('regenerates recovery codes, and the old ones stop working', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const notYet = await client.post(ACCOUNT_PATHS.recoveryCodes, {});
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().detail).toBe('No authenticator app is set up for this account.');
    const { recoveryCodes } = await enrol(client);
    const fresh = await client.post(ACCOUNT_PATHS.recoveryCodes, {});
    expect(fresh.statusCode).toBe(200);
    const newCodes: string[] = fresh.json().recovery_codes;
    expect(newCodes).toHaveLength(10);

    const signIn = TestClient.forTenant(app, tenant.slug);
    await signIn.signIn(`member@${tenant.slug}.test`);
    expect(
      (await signIn.post(SIGN_IN_PATHS.loginUsingMfa, { token: recoveryCodes[0] ?? '' })).statusCode,
    ).toBe(400);
    expect((await signIn.post(SIGN_IN_PATHS.loginUsingMfa, { token: newCodes[0] ?? '' })).statusCode).toBe(
      200,
    );
    expect(await auditActions(adminDb, tenant.id)).toEqual(['mfa.enabled', 'mfa.recovery_codes_regenerated']);
  });

  it('turns the app off with the password; then signing in needs no code', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    await enrol(client);
    const wrong = await client.post(ACCOUNT_PATHS.totpDisable, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      detail: 'Your current password is incorrect.',
      errors: { password: ['Your current password is incorrect.'] },
    });
    const off = await client.post(ACCOUNT_PATHS.totpDisable, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(204);
    const next = TestClient.forTenant(app, tenant.slug);
    const signIn = await next.signIn(`member@${tenant.slug}.test`);
    expect(UserSchema.parse(signIn.json()).mfa.enrolled).toBe(false);
    expect(await auditActions(adminDb, tenant.id)).toEqual(['mfa.enabled', 'mfa.disabled']);
    const remaining = await adminDb
      .selectFrom('user_recovery_codes')
      .select('user_id')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(remaining).toEqual([]);
  });

  it('refuses to turn the app off when the tenant requires MFA', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    await enrol(client);
    await adminDb
      .updateTable('tenant_configurations')
      .set({ require_mfa: true })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const refused = await client.post(ACCOUNT_PATHS.totpDisable, { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Your organisation requires multi-factor authentication, so it cannot be turned off.',
    );
  });
});

describe('tenant requiring MFA', () => {
  it('holds an un-enrolled user to enrolment until they confirm an app', async () => {
    const tenant = await createTestTenant(adminDb);
    await adminDb
      .updateTable('tenant_configurations')
      .set({ require_mfa: true })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const client = TestClient.forTenant(app, tenant.slug);
    const signIn = await client.signIn(`member@${tenant.slug}.test`);
    expect(UserSchema.parse(signIn.json()).mfa.enrolment_required).toBe(true);

    const blocked = await client.post(TIMEZONE, { timezone: 'UTC' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail:
        'Your organisation requires multi-factor authentication. Set up an authenticator app to continue.',
      code: 'mfa_enrolment_required',
    });
    expect((await client.get(ME)).statusCode).toBe(200);
    expect((await client.get('/api/v1/users/permissions/')).statusCode).toBe(200);
    expect((await client.get(ACCOUNT_PATHS.sessions)).statusCode).toBe(403);

    await enrol(client);
    expect((await client.post(TIMEZONE, { timezone: 'UTC' })).statusCode).toBe(200);
    expect(UserSchema.parse((await client.get(ME)).json()).mfa.enrolment_required).toBe(false);
  });
});
