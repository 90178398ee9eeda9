import { ADMIN_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant, userId } from '../../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../../test/test-app.js';

const { app, adminDb } = await createTestApp();

const VALID = {
  slug: 'okta',
  display_name: 'Okta',
  issuer: 'https://idp.example.com',
  client_id: 'attest',
  client_secret: 'the-client-secret',
  allowed_email_domains: ['Example.com'],
};

async function adminClient() {
  const tenant = await createAdminTestTenant(adminDb);
  const admin = TestClient.forTenant(app, tenant.slug);
  await admin.signIn(tenant.admin);
  return { tenant, admin };
}

describe('admin/sso-providers/', () => {
  it('stores the client secret sealed and never answers it', async () => {
    const { tenant, admin } = await adminClient();
    const created = await admin.post(ADMIN_PATHS.ssoProviders, VALID);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      slug: 'okta',
      allowed_email_domains: ['example.com'],
      enabled: true,
    });
    expect(JSON.stringify(created.json())).not.toContain('the-client-secret');
    const list = (await admin.get(ADMIN_PATHS.ssoProviders)).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).not.toHaveProperty('client_secret');
    const stored = await adminDb
      .selectFrom('sso_providers')
      .select('client_secret_encrypted')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain('the-client-secret');

    // A change without client_secret keeps the stored one.
    const id = created.json().id;
    const changed = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.ssoProvider(id),
      payload: { display_name: 'Okta (staff)' },
    });
    expect(changed.json().display_name).toBe('Okta (staff)');
    const after = await adminDb
      .selectFrom('sso_providers')
      .select('client_secret_encrypted')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(after.client_secret_encrypted).toBe(stored.client_secret_encrypted);

    const audit = (await admin.get(`${ADMIN_PATHS.auditEvents}?action=sso_provider.`)).json();
    expect(audit.results.map((e: { action: string }) => e.action)).toEqual([
      'sso_provider.changed',
      'sso_provider.created',
    ]);
    expect(JSON.stringify(audit)).not.toContain('the-client-secret');

    expect((await admin.request({ method: 'DELETE', url: ADMIN_PATHS.ssoProvider(id) })).statusCode).toBe(
      204,
    );
    expect((await admin.get(ADMIN_PATHS.ssoProvider(id))).statusCode).toBe(404);
  });

  it('refuses a reserved or taken login name, an insecure issuer, an unknown group and extra keys', async () => {
    const { admin } = await adminClient();
    await admin.post(ADMIN_PATHS.ssoProviders, VALID);
    const cases: [object, string | null][] = [
      [{ ...VALID, slug: 'mfa' }, 'This login name is used by the sign-in pages. Choose another.'],
      [{ ...VALID, slug: 'OKTA' }, 'A single sign-on provider with this login name already exists.'],
      [
        { ...VALID, slug: 'plain', issuer: 'http://idp.example.com' },
        'The issuer must be an https:// address (http:// only for this machine).',
      ],
      [
        { ...VALID, slug: 'grouped', default_group_id: 999_999_999 },
        'One or more of these groups do not exist.',
      ],
      [{ ...VALID, slug: 'nodomains', allowed_email_domains: [] }, null],
      [{ ...VALID, slug: 'baddomain', allowed_email_domains: ['not a domain'] }, null],
      [{ ...VALID, slug: 'sneaky', tenant_id: 1 }, null],
      [{ ...VALID, slug: 'Has Spaces' }, null],
    ];
    for (const [body, detail] of cases) {
      const response = await admin.post(ADMIN_PATHS.ssoProviders, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (detail) expect(response.json().detail).toBe(detail);
    }
  });

  it("answers 404 for another tenant's provider, 403 without the permission and 434 while impersonating", async () => {
    const { tenant, admin } = await adminClient();
    const other = await adminClient();
    const foreign = (await other.admin.post(ADMIN_PATHS.ssoProviders, VALID)).json().id;
    expect((await admin.get(ADMIN_PATHS.ssoProvider(foreign))).statusCode).toBe(404);
    const patch = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.ssoProvider(foreign),
      payload: { enabled: false },
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: ADMIN_PATHS.ssoProvider(foreign) })).statusCode,
    ).toBe(404);

    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(tenant.member);
    expect((await member.get(ADMIN_PATHS.ssoProviders)).statusCode).toBe(403);
    expect((await member.post(ADMIN_PATHS.ssoProviders, VALID)).statusCode).toBe(403);

    await admin.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) });
    const acting = await admin.post(ADMIN_PATHS.ssoProviders, VALID);
    expect(acting.statusCode).toBe(434);
    expect(acting.json().error_tag).toBe('action_not_allowed');
  });
});
