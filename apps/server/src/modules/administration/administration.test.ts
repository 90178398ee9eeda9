import { ADMIN_PATHS, AdminUserSchema, AdminUsersPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { accessScopeOf } from '../../platform/auth/access-scope.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createAdminTestTenant, idsOf, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, db, adminDb } = await createTestApp();

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

function patch(client: TestClient, url: string, payload: object) {
  return client.request({ method: 'PATCH', url, payload });
}

describe('GET admin/users/', () => {
  it('pages the users and searches e-mail and names in SQL', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const all = AdminUsersPageSchema.parse((await admin.get(ADMIN_PATHS.users)).json());
    expect(all.count).toBe(3);
    expect(all.results.map((u) => u.email)).toEqual([tenant.admin, tenant.member, tenant.supplier]);
    expect(all.results[0]).toMatchObject({
      first_name: 'Ada',
      is_active: true,
      groups: [{ name: 'Admins' }],
      extra_permissions: ['can_access_admin_settings', 'can_impersonate_users'],
      mfa_enrolled: false,
    });

    const first = AdminUsersPageSchema.parse((await admin.get(`${ADMIN_PATHS.users}?limit=2`)).json());
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(`${ADMIN_PATHS.users}?limit=2&offset=2`);
    expect(first.previous).toBeNull();
    const second = AdminUsersPageSchema.parse((await admin.get(first.next ?? '')).json());
    expect(second.results.map((u) => u.email)).toEqual([tenant.supplier]);
    expect(second.previous).toBe(`${ADMIN_PATHS.users}?limit=2&offset=0`);

    const byName = AdminUsersPageSchema.parse((await admin.get(`${ADMIN_PATHS.users}?q=SUE`)).json());
    expect(byName.results.map((u) => u.email)).toEqual([tenant.supplier]);
    // LIKE wildcards in the search are taken literally.
    expect((await admin.get(`${ADMIN_PATHS.users}?q=%25`)).json().count).toBe(0);
  });

  it('refuses a user without can_access_admin_settings, and anyone signed out', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = await signedIn(tenant.slug, tenant.member);
    const refused = await member.get(ADMIN_PATHS.users);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'You do not have permission to perform this action.',
      code: 'permission_denied',
    });
    expect((await TestClient.forTenant(app, tenant.slug).get(ADMIN_PATHS.users)).statusCode).toBe(401);
  });

  it('refuses a page size above the limit', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    expect((await admin.get(`${ADMIN_PATHS.users}?limit=1000`)).statusCode).toBe(400);
  });
});

describe('PATCH admin/users/{id}/', () => {
  it('replaces groups and direct permissions, and records both in the audit trail', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const memberId = userId(tenant, tenant.member);
    const adminsGroup = Number(tenant.groupIds.Admins);
    const response = await patch(admin, ADMIN_PATHS.user(memberId), {
      group_ids: [adminsGroup],
      extra_permissions: ['can_view_alerts'],
    });
    expect(response.statusCode).toBe(200);
    expect(AdminUserSchema.parse(response.json())).toMatchObject({
      id: memberId,
      groups: [{ id: adminsGroup, name: 'Admins' }],
      extra_permissions: ['can_view_alerts'],
    });
    const member = await signedIn(tenant.slug, tenant.member);
    const permissions = (await member.get('/api/v1/users/permissions/')).json().objects;
    expect(permissions).toMatchObject({ can_export_workflow_data: true, can_view_alerts: true });

    const audit = (await admin.get(`${ADMIN_PATHS.auditEvents}?action=user.`)).json();
    expect(audit.results.map((e: { action: string }) => e.action).sort()).toEqual([
      'user.groups_changed',
      'user.permissions_changed',
    ]);
    expect(audit.results[0]).toMatchObject({
      actor: { id: userId(tenant, tenant.admin), email: tenant.admin },
      target: { id: memberId, email: tenant.member },
    });
  });

  it('refuses a body that tries to set anything else', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const url = ADMIN_PATHS.user(userId(tenant, tenant.member));
    for (const body of [
      { tenant_id: 1 },
      { kind: 2 },
      { password: 'x' },
      { email: 'a@b.c', is_active: true },
    ]) {
      const response = await patch(admin, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid');
    }
  });

  it("refuses unknown groups and permissions, and another tenant's group", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const url = ADMIN_PATHS.user(userId(tenant, tenant.member));
    const foreign = await patch(admin, url, { group_ids: [Number(other.groupIds.Admins)] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      detail: 'One or more of these groups do not exist.',
      errors: { group_ids: ['One or more of these groups do not exist.'] },
    });
    const unknown = await patch(admin, url, { extra_permissions: ['can_rule_the_world'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('One or more of these permissions do not exist.');
  });

  it("answers 404 for another tenant's user", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, ADMIN_PATHS.user(userId(other, `member@${other.slug}.test`)), {
      is_active: false,
    });
    expect(response.statusCode).toBe(404);
    const stillActive = await adminDb
      .selectFrom('users')
      .select('is_active')
      .where('email', '=', `member@${other.slug}.test`)
      .executeTakeFirstOrThrow();
    expect(stillActive.is_active).toBe(true);
  });

  it('deactivates a user, ending their sessions at once, but never oneself', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const member = await signedIn(tenant.slug, tenant.member);
    const self = await patch(admin, ADMIN_PATHS.user(userId(tenant, tenant.admin)), { is_active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot deactivate your own account.');

    const response = await patch(admin, ADMIN_PATHS.user(userId(tenant, tenant.member)), {
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().is_active).toBe(false);
    expect((await member.get('/api/v1/users/me/')).statusCode).toBe(401);
    expect((await member.signIn(tenant.member)).statusCode).toBe(400);
  });

  it('refuses a write without the CSRF token', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.user(userId(tenant, tenant.member)),
      payload: { is_active: false },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('admin/users/{id}/access/', () => {
  it('replaces region and business-unit access, exposed to later queries by accessScopeOf', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const ids = await idsOf(adminDb, tenant.id);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const memberId = userId(tenant, tenant.member);
    expect((await admin.get(ADMIN_PATHS.userAccess(memberId))).json()).toEqual({
      regions: [],
      business_units: [],
    });
    const body = {
      regions: [{ region_id: ids.region('Europe'), access: 'full' }],
      business_units: [{ business_unit_id: ids.unit('Tokyo'), access: 'read' }],
    };
    const response = await admin.request({
      method: 'PUT',
      url: ADMIN_PATHS.userAccess(memberId),
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
    expect((await admin.get(ADMIN_PATHS.userAccess(memberId))).json()).toEqual(body);

    const scope = await withTenant(db, tenant.id, (tx) => accessScopeOf(tx, String(memberId)));
    expect(scope).toEqual({
      regions: [{ id: String(ids.region('Europe')), access: 'full' }],
      businessUnits: [{ id: String(ids.unit('Tokyo')), access: 'read' }],
    });
    const audit = (await admin.get(`${ADMIN_PATHS.auditEvents}?action=user.access_changed`)).json();
    expect(audit.results[0].details.after).toEqual(body);
  });

  it("refuses another tenant's region, a duplicate and a bad level, and 404s another tenant's user", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    const foreign = await idsOf(adminDb, other.id);
    const ids = await idsOf(adminDb, tenant.id);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const url = ADMIN_PATHS.userAccess(userId(tenant, tenant.member));
    const put = (payload: object, target = url) => admin.request({ method: 'PUT', url: target, payload });

    const cross = await put({
      regions: [{ region_id: foreign.region('Europe'), access: 'read' }],
      business_units: [],
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().detail).toBe('One or more of these regions do not exist.');
    const crossUnit = await put({
      regions: [],
      business_units: [{ business_unit_id: foreign.unit('Paris'), access: 'read' }],
    });
    expect(crossUnit.json().detail).toBe('One or more of these business units do not exist.');
    const twice = await put({
      regions: [
        { region_id: ids.region('Asia'), access: 'read' },
        { region_id: ids.region('Asia'), access: 'full' },
      ],
      business_units: [],
    });
    expect(twice.json().detail).toBe('Each region and business unit may be listed only once.');
    const level = await put({
      regions: [{ region_id: ids.region('Asia'), access: 'owner' }],
      business_units: [],
    });
    expect(level.statusCode).toBe(400);
    const otherUser = ADMIN_PATHS.userAccess(userId(other, other.member));
    expect((await admin.get(otherUser)).statusCode).toBe(404);
    expect((await put({ regions: [], business_units: [] }, otherUser)).statusCode).toBe(404);
  });
});

describe('admin/groups/', () => {
  it('creates, renames, sets permissions from the catalogue and deletes a group', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const created = await admin.post(ADMIN_PATHS.groups, { name: 'Reviewers' });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: 'Reviewers', permissions: [], member_count: 0 });

    const changed = await patch(admin, ADMIN_PATHS.group(group.id), {
      name: 'Senior reviewers',
      permissions: ['can_view_alerts', 'can_view_dashboard'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: group.id,
      name: 'Senior reviewers',
      permissions: ['can_view_alerts', 'can_view_dashboard'],
      member_count: 0,
    });
    const list = (await admin.get(`${ADMIN_PATHS.groups}?q=senior`)).json();
    expect(list).toMatchObject({ count: 1, results: [{ name: 'Senior reviewers' }] });
    const admins = (await admin.get(`${ADMIN_PATHS.groups}?q=admins`)).json().results[0];
    expect(admins.member_count).toBe(1);

    const audit = (await admin.get(`${ADMIN_PATHS.auditEvents}?action=group.permissions_changed`)).json();
    expect(audit.results[0].details).toEqual({
      group_id: group.id,
      added: ['can_view_alerts', 'can_view_dashboard'],
      removed: [],
    });

    const deleted = await admin.request({ method: 'DELETE', url: ADMIN_PATHS.group(group.id) });
    expect(deleted.statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: ADMIN_PATHS.group(group.id) })).statusCode).toBe(
      404,
    );
  });

  it('refuses a taken name, an unknown permission and extra keys', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const taken = await admin.post(ADMIN_PATHS.groups, { name: 'admins' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toBe('A group with this name already exists.');
    const group = Number(tenant.groupIds.Members);
    const unknown = await patch(admin, ADMIN_PATHS.group(group), { permissions: ['is_superuser'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('One or more of these permissions do not exist.');
    expect((await admin.post(ADMIN_PATHS.groups, { name: 'X', tenant_id: 1 })).statusCode).toBe(400);
    expect((await admin.post(ADMIN_PATHS.groups, { name: '   ' })).statusCode).toBe(400);
  });

  it('answers one of two simultaneous creations of the same name with 400, never 500', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const results = await Promise.all([
      admin.post(ADMIN_PATHS.groups, { name: 'Race' }),
      admin.post(ADMIN_PATHS.groups, { name: 'Race' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it("answers 404 for another tenant's group and 403 without the permission", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const foreign = Number(other.groupIds.Admins);
    expect((await patch(admin, ADMIN_PATHS.group(foreign), { name: 'Mine now' })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: ADMIN_PATHS.group(foreign) })).statusCode).toBe(404);
    const member = await signedIn(tenant.slug, tenant.member);
    expect((await member.get(ADMIN_PATHS.groups)).statusCode).toBe(403);
    expect((await member.post(ADMIN_PATHS.groups, { name: 'Mine' })).statusCode).toBe(403);
  });
});

describe('admin/permissions/ and admin/audit-events/', () => {
  it('lists the permission catalogue with its names', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const { results } = (await admin.get(ADMIN_PATHS.permissions)).json();
    expect(results).toContainEqual({
      codename: 'can_impersonate_users',
      name: 'Can impersonate other users',
    });
    const member = await signedIn(tenant.slug, tenant.member);
    expect((await member.get(ADMIN_PATHS.permissions)).statusCode).toBe(403);
  });

  it("never shows another tenant's events", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    const otherAdmin = await signedIn(other.slug, other.admin);
    await otherAdmin.post(ADMIN_PATHS.groups, { name: 'Elsewhere' });
    const admin = await signedIn(tenant.slug, tenant.admin);
    // Only this tenant's own admin signing in.
    const page = (await admin.get(ADMIN_PATHS.auditEvents)).json();
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results).toMatchObject([
      { action: 'sign_in.succeeded', actor: { id: userId(tenant, tenant.admin) } },
    ]);
  });
});
