import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TestClient } from '../test/test-app.js';

const { app, adminDb } = await createTestApp();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A concrete URL for a route pattern: any id will do, the guards answer before the handler runs.
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

// These walk every registered API route, so a new endpoint is covered the day it is added.
describe('guards on every API route', () => {
  it('refuses every write without the CSRF header, even with a valid session', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    expect((await client.signIn(`admin@${tenant.slug}.test`)).statusCode).toBe(200);
    const writes = app.routeAccess.filter((r) => WRITE_METHODS.has(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const accepted: string[] = [];
    for (const route of writes) {
      const response = await client.request({
        method: route.method as 'POST',
        url: concrete(route.url),
        payload: {},
        csrf: false,
      });
      if (response.statusCode !== 403 || response.json().code !== 'csrf_failed') {
        accepted.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('refuses every permission-gated route to a signed-in user without that permission', async () => {
    // A user in no group holds no permission at all.
    const tenant = await createTestTenant(adminDb, {
      users: [
        {
          email: 'nobody@perm.test',
          password: 'correct-horse-battery-staple',
          first_name: 'No',
          last_name: 'Body',
          groups: [],
        },
      ],
      groups: [],
    });
    const client = TestClient.forTenant(app, tenant.slug);
    expect((await client.signIn('nobody@perm.test')).statusCode).toBe(200);
    const gated = app.routeAccess.filter((r) => typeof r.access === 'object');
    expect(gated.length).toBeGreaterThan(10);
    const allowed: string[] = [];
    for (const route of gated) {
      const response = await client.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      if (response.statusCode !== 403) allowed.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(allowed).toEqual([]);
  });

  it('refuses every authenticated route when signed out', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const privateRoutes = app.routeAccess.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    const open: string[] = [];
    for (const route of privateRoutes) {
      const response = await client.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      if (response.statusCode !== 401) open.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });
});
