import { ACCOUNT_PATHS, SessionsPageSchema, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const ME = '/api/v1/users/me/?format=json';

async function signedIn(slug: string, who = 'member', userAgent = 'Test browser') {
  const client = TestClient.forTenant(app, slug);
  await client.get('/api/v1/customers/configuration/');
  const response = await client.request({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { email: `${who}@${slug}.test`, password: 'correct-horse-battery-staple' },
    headers: { 'user-agent': userAgent },
  });
  return { client, user: UserSchema.parse(response.json()) };
}

describe('GET users/sessions/', () => {
  it("lists the user's own active sessions, newest first, with the current one marked, in pages", async () => {
    const tenant = await createTestTenant(adminDb);
    // Signed in one after the other, so creation times order them; the admin's session is not listed.
    await signedIn(tenant.slug, 'member', 'Laptop');
    const second = await signedIn(tenant.slug, 'member', 'Phone');
    await signedIn(tenant.slug, 'member', 'Tablet');
    await signedIn(tenant.slug, 'admin');
    const page = await second.client.get(`${ACCOUNT_PATHS.sessions}?limit=2`);
    expect(page.statusCode).toBe(200);
    const body = SessionsPageSchema.parse(page.json());
    expect(body.count).toBe(3);
    expect(body.results.map((s) => s.user_agent)).toEqual(['Tablet', 'Phone']);
    expect(body.results.map((s) => s.current)).toEqual([false, true]);
    expect(body.results[1]).toMatchObject({ id: second.user.sessionId, auth_method: 'password' });
    expect(body.next).toBe(`${ACCOUNT_PATHS.sessions}?limit=2&offset=2`);
    expect(body.previous).toBeNull();
    const rest = SessionsPageSchema.parse((await second.client.get(body.next ?? '')).json());
    expect(rest.results.map((s) => s.user_agent)).toEqual(['Laptop']);
    expect(rest.previous).toBe(`${ACCOUNT_PATHS.sessions}?limit=2&offset=0`);
  });

  it('leaves out expired and idle sessions', async () => {
    const tenant = await createTestTenant(adminDb);
    const current = await signedIn(tenant.slug, 'member', 'Current');
    const expired = await signedIn(tenant.slug, 'member', 'Expired');
    const idle = await signedIn(tenant.slug, 'member', 'Idle');
    await adminDb
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.user.sessionId)
      .execute();
    await adminDb
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60_000) })
      .where('id', '=', idle.user.sessionId)
      .execute();
    const body = SessionsPageSchema.parse((await current.client.get(ACCOUNT_PATHS.sessions)).json());
    expect(body.count).toBe(1);
    expect(body.results.map((s) => s.user_agent)).toEqual(['Current']);
  });

  it('refuses bad paging and answers 401 when signed out', async () => {
    const tenant = await createTestTenant(adminDb);
    const { client } = await signedIn(tenant.slug);
    expect((await client.get(`${ACCOUNT_PATHS.sessions}?limit=0`)).statusCode).toBe(400);
    expect((await client.get(`${ACCOUNT_PATHS.sessions}?offset=-1`)).statusCode).toBe(400);
    expect((await TestClient.forTenant(app, tenant.slug).get(ACCOUNT_PATHS.sessions)).statusCode).toBe(401);
  });
});

describe('ending sessions', () => {
  it('ends one of my sessions, and answers 404 for anyone else’s or another tenant’s', async () => {
    const tenant = await createTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const laptop = await signedIn(tenant.slug);
    const phone = await signedIn(tenant.slug);
    const admin = await signedIn(tenant.slug, 'admin');
    const foreign = await signedIn(other.slug);

    for (const id of [admin.user.sessionId, foreign.user.sessionId, 'not-a-session-id']) {
      const response = await laptop.client.request({ method: 'DELETE', url: ACCOUNT_PATHS.session(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await admin.client.get(ME)).statusCode).toBe(200);
    expect((await foreign.client.get(ME)).statusCode).toBe(200);

    const ended = await laptop.client.request({
      method: 'DELETE',
      url: ACCOUNT_PATHS.session(phone.user.sessionId),
    });
    expect(ended.statusCode).toBe(204);
    expect((await phone.client.get(ME)).statusCode).toBe(401);
    expect((await laptop.client.get(ME)).statusCode).toBe(200);

    // Ending the current session signs this device out.
    const self = await laptop.client.request({
      method: 'DELETE',
      url: ACCOUNT_PATHS.session(laptop.user.sessionId),
    });
    expect(self.statusCode).toBe(204);
    expect((await laptop.client.get(ME)).statusCode).toBe(401);
  });

  it('ends all my other sessions and keeps this one', async () => {
    const tenant = await createTestTenant(adminDb);
    const laptop = await signedIn(tenant.slug);
    const phone = await signedIn(tenant.slug);
    const tablet = await signedIn(tenant.slug);
    const admin = await signedIn(tenant.slug, 'admin');
    const response = await laptop.client.post(ACCOUNT_PATHS.revokeOtherSessions, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect((await laptop.client.get(ME)).statusCode).toBe(200);
    expect((await phone.client.get(ME)).statusCode).toBe(401);
    expect((await tablet.client.get(ME)).statusCode).toBe(401);
    expect((await admin.client.get(ME)).statusCode).toBe(200);
  });

  it('refuses both writes without the CSRF token', async () => {
    const tenant = await createTestTenant(adminDb);
    const { client, user } = await signedIn(tenant.slug);
    const del = await client.request({
      method: 'DELETE',
      url: ACCOUNT_PATHS.session(user.sessionId),
      csrf: false,
    });
    expect(del.statusCode).toBe(403);
    expect((await client.post(ACCOUNT_PATHS.revokeOtherSessions, {}, { csrf: false })).statusCode).toBe(403);
  });
});

describe('session lifetime', () => {
  it('ends a session idle for longer than the tenant allows', async () => {
    const tenant = await createTestTenant(adminDb);
    await adminDb
      .updateTable('tenant_configurations')
      .set({ session_idle_minutes: 30 })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const { client, user } = await signedIn(tenant.slug);
    const setLastSeen = (minutesAgo: number) =>
      adminDb
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where('id', '=', user.sessionId)
        .execute();
    await setLastSeen(29);
    expect((await client.get(ME)).statusCode).toBe(200);
    // That request counted as activity.
    await setLastSeen(31);
    expect((await client.get(ME)).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const tenant = await createTestTenant(adminDb);
    await adminDb
      .updateTable('tenant_configurations')
      .set({ session_absolute_hours: 8 })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const { client, user } = await signedIn(tenant.slug);
    const session = await adminDb
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('id', '=', user.sessionId)
      .executeTakeFirstOrThrow();
    const lifetimeHours = (session.expires_at.getTime() - session.created_at.getTime()) / 3600_000;
    expect(lifetimeHours).toBeCloseTo(8, 2);
    const cookie = client.cookies.get('sessionid');
    expect(cookie).toBeDefined();

    await adminDb
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000), last_seen_at: new Date() })
      .where('id', '=', user.sessionId)
      .execute();
    expect((await client.get(ME)).statusCode).toBe(401);
  });
});
