import {
  ACCOUNT_PATHS,
  ADMIN_PATHS,
  type AuditEventSchema,
  AuditEventsPageSchema,
  SIGN_IN_PATHS,
  UserSchema,
} from '@attest/shared';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAdminTestTenant, userId } from '../../test/admin-fixtures.js';
import { startOidcProvider } from '../../test/oidc-provider.js';
import { SsoBrowser } from '../../test/sso-browser.js';
import { addSsoProvider } from '../../test/sso-fixtures.js';
import { createTestApp, TEST_PASSWORD, TestClient } from '../../test/test-app.js';

// Finding 10 of issue 12: every security event docs/security.md lists reaches the audit trail that
// Settings > Audit log reads (GET admin/audit-events/, as the web page asks for it).
const { app, adminDb } = await createTestApp();
const oidc = await startOidcProvider();
afterAll(() => oidc.close());

type AuditEvent = z.infer<typeof AuditEventSchema>;
type Tenant = Awaited<ReturnType<typeof createAdminTestTenant>>;

const NEW_PASSWORD = 'amber-lantern-orbit-2026';

async function anonymous(slug: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  await client.get('/api/v1/customers/configuration/');
  return client;
}

async function signedIn(slug: string, email: string, password = TEST_PASSWORD): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email, password)).statusCode).toBe(200);
  return client;
}

// The whole trail, oldest first, read as the web page reads it (and checked against its schema).
async function trail(admin: TestClient, action = ''): Promise<AuditEvent[]> {
  const query = action ? `&action=${encodeURIComponent(action)}` : '';
  const response = await admin.get(`${ADMIN_PATHS.auditEvents}?limit=200&offset=0${query}`);
  expect(response.statusCode).toBe(200);
  return AuditEventsPageSchema.parse(response.json()).results.reverse();
}

async function lastEmailTo(tenantId: string, to: string): Promise<string> {
  const row = await adminDb
    .selectFrom('outbox_emails')
    .select('text_body')
    .where('tenant_id', '=', tenantId)
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.text_body;
}

const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

async function addProvider(tenant: Tenant, admin: TestClient) {
  return (await addSsoProvider(admin, oidc, { tenantSlug: tenant.slug })).provider;
}

describe('the audit trail', () => {
  it('records a sign-in by every method, with the MFA step, in the order they happened', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const memberId = userId(tenant, tenant.member);

    const byCode = await anonymous(tenant.slug);
    await byCode.post(SIGN_IN_PATHS.requestOtp, { email: tenant.member });
    const code = /^\s+(\d{6})$/m.exec(await lastEmailTo(tenant.id, tenant.member))?.[1] ?? '';
    expect(
      (await byCode.post(SIGN_IN_PATHS.submitOtp, { email: tenant.member, token: code })).statusCode,
    ).toBe(200);

    const byLink = await anonymous(tenant.slug);
    await byLink.post(SIGN_IN_PATHS.requestMagicLink, { email: tenant.member });
    const link = new URL(/^(http\S+)$/m.exec(await lastEmailTo(tenant.id, tenant.member))?.[1] ?? '');
    const token = link.searchParams.get('token') ?? '';
    expect((await byLink.post(SIGN_IN_PATHS.magicLinkLogin, { token })).statusCode).toBe(200);

    await addProvider(tenant, admin);
    oidc.signInAs({ sub: 'sub-sso', email: 'sso.person@corp.test' });
    const bySso = TestClient.forTenant(app, tenant.slug);
    await new SsoBrowser(bySso, oidc.issuer).open(SIGN_IN_PATHS.ssoAuthorize('corp'));
    const ssoId = UserSchema.parse((await bySso.get('/api/v1/users/me/')).json()).id;

    // The member sets up an app: the next password sign-in is complete only after its code.
    const member = await signedIn(tenant.slug, tenant.member);
    const { secret } = (await member.post(ACCOUNT_PATHS.totpSetup, {})).json();
    expect((await member.post(ACCOUNT_PATHS.totpConfirm, { code: await codeOf(secret) })).statusCode).toBe(
      200,
    );
    const withMfa = await anonymous(tenant.slug);
    expect((await withMfa.signIn(tenant.member)).json()).toEqual({
      mfa: { requires_mfa_verification: true },
    });
    expect((await withMfa.post(SIGN_IN_PATHS.loginUsingMfa, { token: '000000' })).statusCode).toBe(400);
    await adminDb
      .updateTable('user_totp')
      .set({ last_used_step: null })
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(
      (await withMfa.post(SIGN_IN_PATHS.loginUsingMfa, { token: await codeOf(secret) })).statusCode,
    ).toBe(200);

    const events = await trail(admin, 'sign_in.');
    const adminId = userId(tenant, tenant.admin);
    expect(events.map((e) => [e.action, e.target?.id, e.details])).toEqual([
      ['sign_in.succeeded', adminId, { method: 'password' }],
      ['sign_in.succeeded', memberId, { method: 'login_code' }],
      ['sign_in.succeeded', memberId, { method: 'magic_link' }],
      ['sign_in.succeeded', ssoId, { method: 'sso' }],
      ['sign_in.succeeded', memberId, { method: 'password' }],
      ['sign_in.failed', memberId, { method: 'mfa', reason: 'wrong_mfa_code' }],
      ['sign_in.succeeded', memberId, { method: 'password', second_factor: 'totp' }],
    ]);
    // Who and from where: the person themselves, from the request's address.
    expect(events[1]).toMatchObject({
      actor: { id: memberId, email: tenant.member },
      ip_address: '127.0.0.1',
    });
  });

  it('records failed sign-ins and the lockout, never naming an e-mail that has no account', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const memberId = userId(tenant, tenant.member);
    const stranger = await anonymous(tenant.slug);
    expect((await stranger.signIn(tenant.member, 'wrong-password')).statusCode).toBe(400);
    const typed = `nobody-${tenant.slug}@example.test`;
    expect((await stranger.signIn(typed, 'wrong-password')).statusCode).toBe(400);
    expect(
      (await stranger.post(SIGN_IN_PATHS.submitOtp, { email: tenant.member, token: '123456' })).statusCode,
    ).toBe(400);
    // As if eight more wrong passwords had been tried a while ago: the next one locks the account.
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ failures: 9, last_failure_at: new Date(Date.now() - 120_000) })
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', `login:account:${tenant.member}`)
      .execute();
    expect((await stranger.signIn(tenant.member, 'wrong-password')).statusCode).toBe(400);
    // Refused by the lock without a password check: nothing more to record.
    expect((await stranger.signIn(tenant.member, 'wrong-password')).statusCode).toBe(429);

    const admin = await signedIn(tenant.slug, tenant.admin);
    const events = (await trail(admin, 'sign_in.')).filter((e) => e.action !== 'sign_in.succeeded');
    expect(events.map((e) => [e.action, e.target?.id ?? null, e.actor])).toEqual([
      ['sign_in.failed', memberId, null],
      ['sign_in.failed', null, null],
      ['sign_in.failed', memberId, null],
      ['sign_in.failed', memberId, null],
      ['sign_in.locked', memberId, null],
    ]);
    expect(events.map((e) => e.details.reason ?? e.details.method)).toEqual([
      'wrong_password',
      'unknown_account',
      'wrong_code',
      'wrong_password',
      'password',
    ]);
    expect(JSON.stringify(events)).not.toContain('nobody-');
    expect(Date.parse(String(events[4]?.details.locked_until))).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('records sign-out, revoked sessions, impersonation, password and MFA changes', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const adminId = userId(tenant, tenant.admin);
    const memberId = userId(tenant, tenant.member);
    const admin = await signedIn(tenant.slug, tenant.admin);

    const elsewhere = await signedIn(tenant.slug, tenant.member);
    const laptop = await signedIn(tenant.slug, tenant.member);
    const member = await signedIn(tenant.slug, tenant.member);
    const laptopId = UserSchema.parse((await laptop.get('/api/v1/users/me/')).json()).sessionId;
    expect(
      (await member.request({ method: 'DELETE', url: ACCOUNT_PATHS.session(laptopId) })).statusCode,
    ).toBe(204);
    expect((await member.post(ACCOUNT_PATHS.revokeOtherSessions, {})).json()).toEqual({ revoked: 1 });
    expect((await elsewhere.get('/api/v1/users/me/')).statusCode).toBe(401);
    const { secret } = (await member.post(ACCOUNT_PATHS.totpSetup, {})).json();
    await member.post(ACCOUNT_PATHS.totpConfirm, { code: await codeOf(secret) });
    await member.post(ACCOUNT_PATHS.recoveryCodes, {});
    await member.post(ACCOUNT_PATHS.totpDisable, { password: TEST_PASSWORD });
    const changed = await member.post(ACCOUNT_PATHS.changePassword, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await member.get('/api/v1/users/logout/')).statusCode).toBe(200);

    await admin.post(ADMIN_PATHS.impersonate, { user_id: memberId });
    await admin.post(ADMIN_PATHS.stopImpersonation, {});

    const events = (await trail(admin)).filter((e) => e.action !== 'sign_in.succeeded');
    expect(events.map((e) => [e.action, e.actor?.id, e.target?.id])).toEqual([
      ['session.revoked', memberId, memberId],
      ['session.revoked', memberId, memberId],
      ['mfa.enabled', memberId, memberId],
      ['mfa.recovery_codes_regenerated', memberId, memberId],
      ['mfa.disabled', memberId, memberId],
      ['password.changed', memberId, memberId],
      ['session.signed_out', memberId, memberId],
      ['impersonation.started', adminId, memberId],
      ['impersonation.stopped', adminId, memberId],
    ]);
    expect(events[0]?.details).toEqual({ session_id: laptopId, current: false });
    expect(events[1]?.details).toEqual({ others: true, count: 1 });
  });

  it('records administration changes: people, groups, permissions, access, SSO, security settings, invitations', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const memberId = userId(tenant, tenant.member);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const patch = (url: string, payload: object) => admin.request({ method: 'PATCH', url, payload });

    const group = (await admin.post(ADMIN_PATHS.groups, { name: 'Auditors' })).json();
    await patch(ADMIN_PATHS.group(group.id), {
      name: 'Internal auditors',
      permissions: ['can_view_dashboard'],
    });
    await patch(ADMIN_PATHS.user(memberId), {
      group_ids: [group.id],
      extra_permissions: ['can_view_process_report'],
    });
    await patch(ADMIN_PATHS.user(memberId), { is_active: false });
    await patch(ADMIN_PATHS.user(memberId), { is_active: true });
    await admin.request({
      method: 'PUT',
      url: ADMIN_PATHS.userAccess(memberId),
      payload: { regions: [], business_units: [] },
    });
    expect((await admin.request({ method: 'DELETE', url: ADMIN_PATHS.group(group.id) })).statusCode).toBe(
      204,
    );
    const provider = await addProvider(tenant, admin);
    await patch(ADMIN_PATHS.ssoProvider(provider.id), { display_name: 'Corporate login' });
    await admin.request({ method: 'DELETE', url: ADMIN_PATHS.ssoProvider(provider.id) });
    await patch(ADMIN_PATHS.securitySettings, { session_idle_minutes: 45 });
    await adminDb
      .insertInto('user_permissions')
      .values({
        tenant_id: tenant.id,
        user_id: String(userId(tenant, tenant.admin)),
        codename: 'can_manage_third_party_users',
      })
      .execute();
    const invitee = { email: `vendor@${tenant.slug}.test`, first_name: 'Vera', last_name: 'Vendor' };
    expect((await admin.post(ADMIN_PATHS.invitations, invitee)).statusCode).toBe(201);
    const invitation = new URL(/^(http\S+)$/m.exec(await lastEmailTo(tenant.id, invitee.email))?.[1] ?? '');
    const accepted = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.acceptInvitation, {
      token: invitation.searchParams.get('token'),
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);

    const actions = (await trail(admin)).map((e) => e.action).filter((a) => !a.startsWith('sign_in.'));
    expect(actions).toEqual([
      'group.created',
      'group.renamed',
      'group.permissions_changed',
      'user.groups_changed',
      'user.permissions_changed',
      'user.deactivated',
      'user.activated',
      'user.access_changed',
      'group.deleted',
      'group.created',
      'sso_provider.created',
      'sso_provider.changed',
      'sso_provider.deleted',
      'security_settings.changed',
      'user.invited',
      'invitation.accepted',
    ]);
  });

  it("shows another tenant's administrator none of it, and refuses people who do not administer", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    await signedIn(tenant.slug, tenant.admin);
    await (await anonymous(tenant.slug)).signIn(tenant.member, 'wrong-password');
    const member = await signedIn(tenant.slug, tenant.member);
    await member.get('/api/v1/users/logout/');

    const otherAdmin = await signedIn(other.slug, other.admin);
    const seen = await trail(otherAdmin);
    expect(seen.map((e) => [e.action, e.actor?.id])).toEqual([
      ['sign_in.succeeded', userId(other, other.admin)],
    ]);
    const nonAdmin = await signedIn(tenant.slug, tenant.member);
    expect((await nonAdmin.get(ADMIN_PATHS.auditEvents)).statusCode).toBe(403);
  });
});
