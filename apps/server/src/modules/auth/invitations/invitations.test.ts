import { ADMIN_PATHS, AdminUserSchema, SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const NEW_PASSWORD = 'amber-lantern-orbit-2026';

async function tenantWithInviter() {
  const tenant = await createTestTenant(adminDb);
  const admin = `admin@${tenant.slug}.test`;
  await grant(adminDb, tenant.id, userId(tenant, admin), ['can_manage_third_party_users']);
  const client = TestClient.forTenant(app, tenant.slug);
  expect((await client.signIn(admin)).statusCode).toBe(200);
  return { tenant, client };
}

async function anonymous(slug: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  await client.get('/api/v1/customers/configuration/');
  return client;
}

async function invitationToken(tenantId: string, email: string): Promise<string> {
  const sent = await adminDb
    .selectFrom('outbox_emails')
    .select('text_body')
    .where('tenant_id', '=', tenantId)
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = new URL(/^(http\S+)$/m.exec(sent.text_body)?.[1] ?? '');
  expect(link.pathname).toBe('/login/invitation');
  return link.searchParams.get('token') ?? '';
}

// Invitation events only: sign-ins are recorded too.
async function auditActions(tenantId: string): Promise<string[]> {
  const rows = await adminDb
    .selectFrom('audit_events')
    .select('action')
    .where('tenant_id', '=', tenantId)
    .where('action', 'not like', 'sign\\_in.%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

const invitee = { email: 'vera@supplier.example', first_name: 'Vera', last_name: 'Vendor' };

describe('POST users/invitations/', () => {
  it('creates a supplier user without a password and e-mails a 7-day invitation', async () => {
    const { tenant, client } = await tenantWithInviter();
    const response = await client.post(ADMIN_PATHS.invitations, invitee);
    expect(response.statusCode).toBe(201);
    const user = AdminUserSchema.parse(response.json());
    expect(user).toMatchObject({ ...invitee, kind: 2, is_active: true, groups: [], mfa_enrolled: false });
    expect(user.invited_at).not.toBeNull();
    const row = await adminDb
      .selectFrom('users')
      .select(['password_hash', 'kind'])
      .where('tenant_id', '=', tenant.id)
      .where('email', '=', invitee.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, kind: 2 });

    const sent = await adminDb
      .selectFrom('outbox_emails')
      .select(['subject', 'text_body'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(sent.subject).toBe('You are invited to Attest');
    expect(sent.text_body).toContain(`Ada Admin has invited you to Tenant ${tenant.slug} on Attest.`);
    expect(sent.text_body).toContain('The invitation expires in 7 days and works once.');
    const token = await adminDb
      .selectFrom('one_time_tokens')
      .select('expires_at')
      .where('tenant_id', '=', tenant.id)
      .where('purpose', '=', 'invitation')
      .executeTakeFirstOrThrow();
    expect((token.expires_at.getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    expect(await auditActions(tenant.id)).toEqual(['user.invited']);
  });

  it('refuses an e-mail address already in use, whatever its case', async () => {
    const { tenant, client } = await tenantWithInviter();
    const response = await client.post(ADMIN_PATHS.invitations, {
      ...invitee,
      email: `MEMBER@${tenant.slug}.test`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'A user with this e-mail address already exists.',
      code: 'invalid',
      errors: { email: ['A user with this e-mail address already exists.'] },
    });
  });

  it('refuses a malformed e-mail, a missing name and fields it does not know', async () => {
    const { client } = await tenantWithInviter();
    const bad = await client.post(ADMIN_PATHS.invitations, { ...invitee, email: 'not an e-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: ['Enter a valid e-mail address.'] });
    const noName = await client.post(ADMIN_PATHS.invitations, { ...invitee, first_name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.first_name).toHaveLength(1);
    const smuggled = await client.post(ADMIN_PATHS.invitations, { ...invitee, kind: 1, tenant_id: 1 });
    expect(smuggled.statusCode).toBe(400);
  });

  it('refuses people without can_manage_third_party_users, and anonymous callers', async () => {
    const tenant = await createTestTenant(adminDb);
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    expect((await member.post(ADMIN_PATHS.invitations, invitee)).statusCode).toBe(403);
    const nobody = await anonymous(tenant.slug);
    expect((await nobody.post(ADMIN_PATHS.invitations, invitee)).statusCode).toBe(401);
  });
});

describe('invitations while impersonating', () => {
  it("are refused with 434: an administrator does not invite people in someone else's name", async () => {
    const tenant = await createTestTenant(adminDb);
    const admin = `admin@${tenant.slug}.test`;
    const member = `member@${tenant.slug}.test`;
    await grant(adminDb, tenant.id, userId(tenant, admin), ['can_impersonate_users']);
    await grant(adminDb, tenant.id, userId(tenant, member), ['can_manage_third_party_users']);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(admin);
    expect((await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, member) })).statusCode).toBe(
      200,
    );
    const response = await client.post(ADMIN_PATHS.invitations, invitee);
    expect(response.statusCode).toBe(434);
    expect(response.json()).toMatchObject({ code: 'impersonation_error', error_tag: 'action_not_allowed' });
  });
});

describe('POST users/invitations/accept/', () => {
  it('sets the password, signs the supplier in once, and records the acceptance', async () => {
    const { tenant, client } = await tenantWithInviter();
    await client.post(ADMIN_PATHS.invitations, invitee);
    const token = await invitationToken(tenant.id, invitee.email);

    const browser = await anonymous(tenant.slug);
    const accepted = await browser.post(SIGN_IN_PATHS.acceptInvitation, { token, password: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(UserSchema.parse(accepted.json())).toMatchObject({ email: invitee.email, kind: 2 });
    expect((await browser.get('/api/v1/users/me/')).statusCode).toBe(200);
    expect(await auditActions(tenant.id)).toEqual(['user.invited', 'invitation.accepted']);

    // The password works from now on; the link does not.
    const later = TestClient.forTenant(app, tenant.slug);
    expect((await later.signIn(invitee.email, NEW_PASSWORD)).statusCode).toBe(200);
    const reuse = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.acceptInvitation, {
      token,
      password: NEW_PASSWORD,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      detail: 'This invitation has expired or has already been used.',
      code: 'TOKEN_EXPIRED_INVALID',
    });
  });

  it('applies the password policy and leaves the invitation usable after a refusal', async () => {
    const { tenant, client } = await tenantWithInviter();
    await client.post(ADMIN_PATHS.invitations, invitee);
    const token = await invitationToken(tenant.id, invitee.email);
    const browser = await anonymous(tenant.slug);
    const short = await browser.post(SIGN_IN_PATHS.acceptInvitation, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      detail: 'This password is too short. It must contain at least 8 characters.',
      errors: { password: ['This password is too short. It must contain at least 8 characters.'] },
    });
    const common = await browser.post(SIGN_IN_PATHS.acceptInvitation, { token, password: 'password123' });
    expect(common.json().errors.password).toContain(
      'This password is too common. Choose one that is harder to guess.',
    );
    const fine = await browser.post(SIGN_IN_PATHS.acceptInvitation, { token, password: NEW_PASSWORD });
    expect(fine.statusCode).toBe(200);
  });

  it("refuses an expired invitation and another tenant's", async () => {
    const { tenant, client } = await tenantWithInviter();
    const other = await createTestTenant(adminDb);
    await client.post(ADMIN_PATHS.invitations, invitee);
    const token = await invitationToken(tenant.id, invitee.email);
    const foreign = await (await anonymous(other.slug)).post(SIGN_IN_PATHS.acceptInvitation, {
      token,
      password: NEW_PASSWORD,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('TOKEN_EXPIRED_INVALID');
    await adminDb
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const expired = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.acceptInvitation, {
      token,
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });
});
