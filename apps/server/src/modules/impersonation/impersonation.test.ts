import { ADMIN_PATHS, ImpersonationErrorSchema, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant, grant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const ME = '/api/v1/users/me/';

async function adminOf(tenant: { slug: string; admin: string }) {
  const client = TestClient.forTenant(app, tenant.slug);
  const me = UserSchema.parse((await client.signIn(tenant.admin)).json());
  return { client, me };
}

describe('POST users/impersonate/ and users/stop_impersonation/', () => {
  it('acts as the user with a new session, names the administrator in every answer, then returns', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const { client, me: adminMe } = await adminOf(tenant);
    const adminId = userId(tenant, tenant.admin);
    const memberId = userId(tenant, tenant.member);
    const adminCookie = client.cookies.get('sessionid');

    const started = await client.post(ADMIN_PATHS.impersonate, { user_id: memberId });
    expect(started.statusCode).toBe(200);
    expect(started.headers['impersonator-id']).toBe(String(adminId));
    const asMember = UserSchema.parse(started.json());
    expect(asMember).toMatchObject({
      id: memberId,
      email: tenant.member,
      impersonator: { id: adminId, name: 'Ada Admin', email: tenant.admin },
    });
    expect(asMember.sessionId).not.toBe(adminMe.sessionId);
    expect(client.cookies.get('sessionid')).not.toBe(adminCookie);
    expect(client.cookies.get('csrftoken')).toBe(asMember.csrf);

    const me = await client.get(ME);
    expect(me.json().id).toBe(memberId);
    expect(me.headers['impersonator-id']).toBe(String(adminId));
    const impersonatedCookie = client.cookies.get('sessionid') ?? '';

    const stopped = await client.post(ADMIN_PATHS.stopImpersonation, {});
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['impersonator-id']).toBeUndefined();
    const back = UserSchema.parse(stopped.json());
    expect(back).toMatchObject({ id: adminId, impersonator: null });
    // A fresh session: neither the impersonated one nor the administrator's original.
    expect(back.sessionId).not.toBe(adminMe.sessionId);
    expect(back.sessionId).not.toBe(asMember.sessionId);
    expect((await client.get(ME)).headers['impersonator-id']).toBeUndefined();
    for (const dead of [impersonatedCookie, adminCookie ?? '']) {
      const replay = new TestClient(app, client.host);
      replay.cookies.set('sessionid', dead);
      expect((await replay.get(ME)).statusCode).toBe(401);
    }

    const audit = (await client.get(`${ADMIN_PATHS.auditEvents}?action=impersonation.`)).json();
    expect(audit.results.map((e: { action: string }) => e.action)).toEqual([
      'impersonation.stopped',
      'impersonation.started',
    ]);
    expect(audit.results[1]).toMatchObject({
      actor: { id: adminId },
      target: { id: memberId },
    });
  });

  it('answers 434 naming both people for actions not done on someone else’s behalf', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const { client } = await adminOf(tenant);
    await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) });

    const nested = await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.supplier) });
    expect(nested.statusCode).toBe(434);
    expect(ImpersonationErrorSchema.parse(nested.json())).toEqual({
      detail:
        'Ada Admin is already impersonating Max Member. Stop impersonating before impersonating someone else.',
      code: 'impersonation_error',
      error_tag: 'nested_impersonation',
      impersonator: { id: userId(tenant, tenant.admin), name: 'Ada Admin' },
      impersonatee: { id: userId(tenant, tenant.member), name: 'Max Member' },
    });
    expect(nested.headers['impersonator-id']).toBe(String(userId(tenant, tenant.admin)));

    const adminChange = await client.post(ADMIN_PATHS.groups, { name: 'Sneaky' });
    expect(adminChange.statusCode).toBe(434);
    expect(adminChange.json()).toMatchObject({
      detail: 'Ada Admin cannot do this while impersonating Max Member. Stop impersonating to continue.',
      error_tag: 'action_not_allowed',
    });
  });

  it("refuses another tenant's user (404), oneself, an inactive user and a privileged user", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const { client } = await adminOf(tenant);
    const impersonate = (id: number) => client.post(ADMIN_PATHS.impersonate, { user_id: id });

    expect((await impersonate(userId(other, `member@${other.slug}.test`))).statusCode).toBe(404);
    const self = await impersonate(userId(tenant, tenant.admin));
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot impersonate yourself.');

    await adminDb
      .updateTable('users')
      .set({ is_active: false })
      .where('email', '=', tenant.supplier)
      .execute();
    const inactive = await impersonate(userId(tenant, tenant.supplier));
    expect(inactive.json().detail).toBe('This user is inactive and cannot be impersonated.');

    await grant(adminDb, tenant.id, userId(tenant, tenant.member), ['can_access_admin_settings']);
    const privileged = await impersonate(userId(tenant, tenant.member));
    expect(privileged.statusCode).toBe(400);
    expect(privileged.json().detail).toBe(
      'Users who can administer the platform or impersonate others cannot be impersonated.',
    );
    expect((await client.get(ME)).json().impersonator).toBeNull();
  });

  it('refuses a user without can_impersonate_users, and a stop without an impersonation', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(tenant.member);
    const refused = await member.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.supplier) });
    expect(refused.statusCode).toBe(403);
    const stop = await member.post(ADMIN_PATHS.stopImpersonation, {});
    expect(stop.statusCode).toBe(400);
    expect(stop.json().detail).toBe('You are not impersonating anyone.');
    const { client } = await adminOf(tenant);
    const noCsrf = await client.post(ADMIN_PATHS.impersonate, { user_id: 1 }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("ends with the administrator's own session, and then signs them out at stop", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const { client, me } = await adminOf(tenant);
    await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) });
    expect((await client.get(ME)).statusCode).toBe(200);
    await adminDb.deleteFrom('sessions').where('id', '=', me.sessionId).execute();
    expect((await client.get(ME)).statusCode).toBe(401);
  });

  it("keeps the administrator's own session alive while they act, so that stopping returns to it", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const { client, me } = await adminOf(tenant);
    const asMember = UserSchema.parse(
      (await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) })).json(),
    );
    // Near the end of the tenant's idle window (30 minutes by default), past the touch interval.
    const twentyFiveMinutesAgo = new Date(Date.now() - 25 * 60_000);
    await adminDb
      .updateTable('sessions')
      .set({ last_seen_at: twentyFiveMinutesAgo })
      .where('id', 'in', [me.sessionId, asMember.sessionId])
      .execute();
    expect((await client.get(ME)).statusCode).toBe(200);
    const own = await adminDb
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', me.sessionId)
      .executeTakeFirstOrThrow();
    expect(own.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await client.post(ADMIN_PATHS.stopImpersonation, {})).statusCode).toBe(200);
  });

  it('signs the administrator out too when they sign out while acting as someone', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const { client, me } = await adminOf(tenant);
    const asMember = UserSchema.parse(
      (await client.post(ADMIN_PATHS.impersonate, { user_id: userId(tenant, tenant.member) })).json(),
    );
    expect((await client.get('/api/v1/users/logout/')).statusCode).toBe(200);
    const left = await adminDb
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [me.sessionId, asMember.sessionId])
      .execute();
    expect(left).toEqual([]);
    const audit = await adminDb
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'details'])
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'impersonation.stopped')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: String(userId(tenant, tenant.admin)),
      details: { by: 'sign_out' },
    });
  });
});
