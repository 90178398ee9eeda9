import { ADMIN_PATHS, SecuritySettingsSchema, SIGN_IN_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.js';
import { createAdminTestTenant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const URL = ADMIN_PATHS.securitySettings;
const DEFAULTS = {
  require_mfa: false,
  session_idle_minutes: 30,
  session_absolute_hours: 12,
  captcha_enabled: false,
  hcaptcha_site_key: null,
  hcaptcha_secret_set: false,
};

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

function patch(client: TestClient, payload: object) {
  return client.request({ method: 'PATCH', url: URL, payload });
}

function storedSettings(tenantId: string) {
  return adminDb
    .selectFrom('tenant_configurations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

function auditOf(tenantId: string) {
  return adminDb
    .selectFrom('audit_events')
    .select(['action', 'details', 'actor_user_id'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'security_settings.changed')
    .orderBy('id')
    .execute();
}

describe('GET admin/security-settings/', () => {
  it("answers the tenant's settings", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await admin.get(URL);
    expect(response.statusCode).toBe(200);
    expect(SecuritySettingsSchema.parse(response.json())).toEqual(DEFAULTS);
  });

  it('refuses a user without can_access_admin_settings, and anyone signed out', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = await signedIn(tenant.slug, tenant.member);
    for (const response of [await member.get(URL), await patch(member, { require_mfa: true })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
    expect((await TestClient.forTenant(app, tenant.slug).get(URL)).statusCode).toBe(401);
    expect((await storedSettings(tenant.id)).require_mfa).toBe(false);
  });
});

describe('PATCH admin/security-settings/', () => {
  it('changes the settings, records the changed field names, and leaves other tenants alone', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, {
      require_mfa: true,
      session_idle_minutes: 15,
      session_absolute_hours: 8,
      // Unchanged, so not in the audit entry.
      captcha_enabled: false,
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...DEFAULTS, require_mfa: true, session_idle_minutes: 15, session_absolute_hours: 8 };
    expect(response.json()).toEqual(expected);
    expect((await admin.get(URL)).json()).toEqual(expected);

    const otherAdmin = await signedIn(other.slug, other.admin);
    expect((await otherAdmin.get(URL)).json()).toEqual(DEFAULTS);

    expect(await auditOf(tenant.id)).toEqual([
      {
        action: 'security_settings.changed',
        actor_user_id: String(userId(tenant, tenant.admin)),
        details: { changed: ['require_mfa', 'session_absolute_hours', 'session_idle_minutes'] },
      },
    ]);
    expect(await auditOf(other.id)).toEqual([]);

    // Saving the same values again records nothing.
    expect((await patch(admin, { require_mfa: true })).statusCode).toBe(200);
    expect(await auditOf(tenant.id)).toHaveLength(1);
  });

  it('refuses timeouts out of bounds, unknown fields and wrong types', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    for (const body of [
      { session_idle_minutes: 4 },
      { session_idle_minutes: 1441 },
      { session_idle_minutes: 10.5 },
      { session_absolute_hours: 0 },
      { session_absolute_hours: 721 },
      { require_mfa: 'yes' },
      { hcaptcha_secret_set: true },
      { tenant_id: 'x' },
      { hcaptcha_site_key: 'k'.repeat(201) },
    ]) {
      const response = await patch(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    const bounds = await patch(admin, { session_idle_minutes: 5, session_absolute_hours: 720 });
    expect(bounds.json()).toMatchObject({ session_idle_minutes: 5, session_absolute_hours: 720 });
    const upper = await patch(admin, { session_idle_minutes: 1440, session_absolute_hours: 1 });
    expect(upper.json()).toMatchObject({ session_idle_minutes: 1440, session_absolute_hours: 1 });
  });

  it('refuses captcha without a site key and a secret, with a message on each field', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const bare = await patch(admin, { captcha_enabled: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      detail: 'Enter the hCaptcha site key to turn on captcha.',
      code: 'invalid',
      errors: {
        hcaptcha_site_key: ['Enter the hCaptcha site key to turn on captcha.'],
        hcaptcha_secret: ['Enter the hCaptcha secret to turn on captcha.'],
      },
    });
    const noSecret = await patch(admin, { captcha_enabled: true, hcaptcha_site_key: 'site-key' });
    expect(Object.keys(noSecret.json().errors)).toEqual(['hcaptcha_secret']);
    expect((await storedSettings(tenant.id)).hcaptcha_site_key).toBeNull();

    // Stored first, turned on later: the rule looks at the settings as they would be saved.
    expect(
      (await patch(admin, { hcaptcha_site_key: 'site-key', hcaptcha_secret: 's3cret' })).statusCode,
    ).toBe(200);
    expect((await patch(admin, { captcha_enabled: true })).statusCode).toBe(200);
    // Clearing the secret while captcha is on would refuse every sign-in.
    const cleared = await patch(admin, { hcaptcha_secret: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual({
      hcaptcha_secret: ['Enter the hCaptcha secret to turn on captcha.'],
    });
  });

  it('seals the secret, never answers it, and the sign-in pages see the change at once', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const signInPage = TestClient.forTenant(app, tenant.slug);
    expect((await signInPage.get(SIGN_IN_PATHS.captchaConfig)).json()).toEqual({
      enabled: false,
      site_key: null,
    });

    const response = await patch(admin, {
      captcha_enabled: true,
      hcaptcha_site_key: 'site-key-42',
      hcaptcha_secret: 'the-hcaptcha-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ captcha_enabled: true, hcaptcha_secret_set: true });
    for (const answer of [response.body, (await admin.get(URL)).body]) {
      expect(answer).not.toContain('the-hcaptcha-secret');
      expect(answer).not.toContain('hcaptcha_secret_encrypted');
    }
    const sealed = (await storedSettings(tenant.id)).hcaptcha_secret_encrypted ?? '';
    expect(sealed).not.toContain('the-hcaptcha-secret');
    expect(createSecretBox(app.config.SECRET_KEY).open(sealed)).toBe('the-hcaptcha-secret');
    const [entry] = await auditOf(tenant.id);
    expect(JSON.stringify(entry)).not.toContain('the-hcaptcha-secret');
    expect(entry?.details).toEqual({ changed: ['captcha_enabled', 'hcaptcha_secret', 'hcaptcha_site_key'] });

    expect((await signInPage.get(SIGN_IN_PATHS.captchaConfig)).json()).toEqual({
      enabled: true,
      site_key: 'site-key-42',
    });
    const refused = await signInPage.post('/api/v1/users/login/', {
      email: tenant.member,
      password: 'irrelevant-the-captcha-is-checked-first',
    });
    expect(refused.json()).toMatchObject({ code: 'captcha_invalid' });
  });

  it('refuses changes while impersonating (434)', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    await admin.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) });
    const acting = await patch(admin, { require_mfa: true });
    expect(acting.statusCode).toBe(434);
    expect(acting.json()).toMatchObject({ code: 'impersonation_error', error_tag: 'action_not_allowed' });
    expect((await storedSettings(tenant.id)).require_mfa).toBe(false);
  });

  it('makes a fresh sign-in of an un-enrolled user enrol before anything else', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const before = await signedIn(tenant.slug, tenant.member);
    expect((await patch(admin, { require_mfa: true })).statusCode).toBe(200);

    const member = await signedIn(tenant.slug, tenant.member);
    const blocked = await member.post('/api/v1/users/set_user_timezone/', { timezone: 'UTC' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail:
        'Your organisation requires multi-factor authentication. Set up an authenticator app to continue.',
      code: 'mfa_enrolment_required',
    });
    // The rule applies at sign-in: a session opened before the change carries on.
    expect((await before.post('/api/v1/users/set_user_timezone/', { timezone: 'UTC' })).statusCode).toBe(200);
    // Another tenant's people are not held to it.
    const other = await createTestTenant(adminDb);
    const outsider = await signedIn(other.slug, `member@${other.slug}.test`);
    expect((await outsider.post('/api/v1/users/set_user_timezone/', { timezone: 'UTC' })).statusCode).toBe(
      200,
    );
  });
});
