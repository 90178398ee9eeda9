import { ACCOUNT_PATHS, ADMIN_PATHS, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const ME = '/api/v1/users/me/?format=json';
const NEW_PASSWORD = 'violet-tugboat-orbit-42';

describe('POST users/change_password/', () => {
  it('stores the new password, ends every other session and renews this one', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const laptop = TestClient.forTenant(app, tenant.slug);
    const before = UserSchema.parse((await laptop.signIn(email)).json());
    const phone = TestClient.forTenant(app, tenant.slug);
    await phone.signIn(email);
    const oldCookie = laptop.cookies.get('sessionid') ?? '';

    const response = await laptop.post(ACCOUNT_PATHS.changePassword, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const after = UserSchema.parse(response.json());
    expect(after.sessionId).not.toBe(before.sessionId);
    expect(after.csrf).not.toBe(before.csrf);
    expect(laptop.cookies.get('sessionid')).not.toBe(oldCookie);
    expect(laptop.cookies.get('csrftoken')).toBe(after.csrf);

    // This device carries on; the other one and the old cookie are signed out.
    expect((await laptop.get(ME)).statusCode).toBe(200);
    expect((await laptop.post('/api/v1/users/set_user_timezone/', { timezone: 'UTC' })).statusCode).toBe(200);
    expect((await phone.get(ME)).statusCode).toBe(401);
    const replay = new TestClient(app, laptop.host);
    replay.cookies.set('sessionid', oldCookie);
    expect((await replay.get(ME)).statusCode).toBe(401);

    expect((await TestClient.forTenant(app, tenant.slug).signIn(email)).statusCode).toBe(400);
    expect((await TestClient.forTenant(app, tenant.slug).signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    const user = await adminDb
      .selectFrom('users')
      .select(['password_hash', 'password_changed_at'])
      .where('tenant_id', '=', tenant.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_changed_at).not.toBeNull();
    const audit = await adminDb
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('tenant_id', '=', tenant.id)
      // Besides the sign-ins, which are recorded too.
      .where('action', 'like', 'password.%')
      .execute();
    expect(audit).toEqual([{ action: 'password.changed', details: { other_sessions_revoked: 1 } }]);
  });

  it('refuses a wrong current password, and throttles repeated ones', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const wrong = await client.post(ACCOUNT_PATHS.changePassword, {
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: 'Your current password is incorrect.',
      code: 'invalid',
      errors: { current_password: ['Your current password is incorrect.'] },
    });
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ failures: 5, last_failure_at: new Date() })
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', `password:account:member@${tenant.slug}.test`)
      .execute();
    const throttled = await client.post(ACCOUNT_PATHS.changePassword, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(throttled.statusCode).toBe(429);
  });

  it('applies the password policy with field errors', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const cases: [string, string][] = [
      ['short', 'This password is too short. It must contain at least 8 characters.'],
      ['p'.repeat(129), 'This password is too long. It must contain at most 128 characters.'],
      ['password1', 'This password is too common. Choose one that is harder to guess.'],
      [`member@${tenant.slug}.test`, 'This password is too similar to your e-mail address or name.'],
      [TEST_PASSWORD, 'The new password must be different from the current one.'],
    ];
    for (const [newPassword, message] of cases) {
      const response = await client.post(ACCOUNT_PATHS.changePassword, {
        current_password: TEST_PASSWORD,
        new_password: newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message, errors: { new_password: [message] } });
    }
    const missing = await client.post(ACCOUNT_PATHS.changePassword, { new_password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.current_password).toBeDefined();
  });

  it('answers 401 when signed out and 403 without the CSRF token', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const body = { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD };
    expect((await client.post(ACCOUNT_PATHS.changePassword, body)).statusCode).toBe(401);
    await client.signIn(`member@${tenant.slug}.test`);
    expect((await client.post(ACCOUNT_PATHS.changePassword, body, { csrf: false })).statusCode).toBe(403);
  });
});

describe('while impersonating', () => {
  it('refuses every change to the person’s own security with 434', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(tenant.admin);
    const started = await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) });
    expect(started.statusCode).toBe(200);
    const { sessionId } = UserSchema.parse(started.json());
    const writes = [
      () =>
        client.post(ACCOUNT_PATHS.changePassword, {
          current_password: TEST_PASSWORD,
          new_password: NEW_PASSWORD,
        }),
      () => client.post(ACCOUNT_PATHS.totpSetup, {}),
      () => client.post(ACCOUNT_PATHS.totpConfirm, { code: '123456' }),
      () => client.post(ACCOUNT_PATHS.totpDisable, { password: TEST_PASSWORD }),
      () => client.post(ACCOUNT_PATHS.recoveryCodes, {}),
      () => client.post(ACCOUNT_PATHS.revokeOtherSessions, {}),
      () => client.request({ method: 'DELETE', url: ACCOUNT_PATHS.session(sessionId) }),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.statusCode).toBe(434);
      expect(response.json().code).toBe('impersonation_error');
    }
    expect((await TestClient.forTenant(app, tenant.slug).signIn(tenant.member)).statusCode).toBe(200);
  });
});
