import { ACCOUNT_PATHS, ADMIN_PATHS } from '@attest/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminTestTenant, grant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

// The session cache on (tests elsewhere run with it off): a change made through this process takes
// effect at the next request; one made behind its back (another process) within the TTL.
const TTL_MS = 30_000;
const { app, adminDb } = await createTestApp({ SESSION_CACHE_TTL_MS: String(TTL_MS) });

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the session cache', () => {
  it('serves a live session from memory: a change behind its back shows within the TTL', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = userId(tenant, tenant.member);
    await grant(adminDb, tenant.id, member, ['can_access_admin_settings']);
    const client = await signedIn(tenant.slug, tenant.member);
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(200);

    // As another API process would: the permission removed without this process knowing.
    await adminDb.deleteFrom('user_permissions').where('user_id', '=', String(member)).execute();
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TTL_MS + 1000 });
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(403);
  });

  it('forgets a permission removed through this process at once', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = userId(tenant, tenant.member);
    await grant(adminDb, tenant.id, member, ['can_access_admin_settings']);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const client = await signedIn(tenant.slug, tenant.member);
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(200);

    const removed = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.user(member),
      payload: { extra_permissions: [] },
    });
    expect(removed.statusCode).toBe(200);
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(403);
  });

  it("forgets a group's permission removed through this process at once", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const member = userId(tenant, tenant.member);
    const group = await admin.post(ADMIN_PATHS.groups, { name: 'Auditors' });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id as number;
    const put = (permissions: string[]) =>
      admin.request({ method: 'PATCH', url: ADMIN_PATHS.group(groupId), payload: { permissions } });
    expect((await put(['can_access_admin_settings'])).statusCode).toBe(200);
    const joined = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.user(member),
      payload: { group_ids: [groupId] },
    });
    expect(joined.statusCode).toBe(200);
    const client = await signedIn(tenant.slug, tenant.member);
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(200);

    expect((await put([])).statusCode).toBe(200);
    expect((await client.get(ADMIN_PATHS.users)).statusCode).toBe(403);
  });

  it('ends a signed-out, deactivated or revoked session at once', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);

    const signedOut = await signedIn(tenant.slug, tenant.member);
    const copy = TestClient.forTenant(app, tenant.slug);
    for (const [name, value] of signedOut.cookies) copy.cookies.set(name, value);
    expect((await copy.get('/api/v1/users/me/')).statusCode).toBe(200);
    expect((await signedOut.get('/api/v1/users/logout/')).statusCode).toBe(200);
    expect((await copy.get('/api/v1/users/me/')).statusCode).toBe(401);

    const laptop = await signedIn(tenant.slug, tenant.member);
    const phone = await signedIn(tenant.slug, tenant.member);
    expect((await phone.get('/api/v1/users/me/')).statusCode).toBe(200);
    expect((await laptop.post(ACCOUNT_PATHS.revokeOtherSessions, {})).statusCode).toBe(200);
    expect((await phone.get('/api/v1/users/me/')).statusCode).toBe(401);

    expect((await laptop.get('/api/v1/users/me/')).statusCode).toBe(200);
    const deactivated = await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.user(userId(tenant, tenant.member)),
      payload: { is_active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await laptop.get('/api/v1/users/me/')).statusCode).toBe(401);
  });

  it('shows a language change at once', async () => {
    const tenant = await createTestTenant(adminDb, { configuration: { supported_languages: ['en', 'es'] } });
    const client = await signedIn(tenant.slug, `member@${tenant.slug}.test`);
    expect((await client.get('/api/v1/users/me/')).statusCode).toBe(200);
    const changed = await client.post('/api/v1/users/change_prefered_language/', { to_language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect((await client.get('/api/v1/users/me/')).json().prefered_language).toBe('es');
  });

  it('keeps the idle timeout exact: a session idle past it is not served from memory', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const client = await signedIn(tenant.slug, tenant.member);
    expect((await client.get('/api/v1/users/me/')).statusCode).toBe(200);
    const idle = await adminDb
      .selectFrom('tenant_configurations')
      .select('session_idle_minutes')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    // Last seen longer ago than the idle timeout, and a minute later by this process's clock: the
    // cached entry is due for its touch, so the database decides, and the session has ended.
    await adminDb
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - make_interval(mins => ${idle.session_idle_minutes + 1})` })
      .where('user_id', '=', String(userId(tenant, tenant.member)))
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await client.get('/api/v1/users/me/')).statusCode).toBe(401);
  });

  it("never serves one tenant's session on another tenant's host", async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    const client = await signedIn(tenant.slug, tenant.member);
    expect((await client.get('/api/v1/users/me/')).statusCode).toBe(200);
    const elsewhere = TestClient.forTenant(app, other.slug);
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    expect((await elsewhere.get('/api/v1/users/me/')).statusCode).toBe(401);
  });
});
