import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { registerAccessControl } from './access-control.js';
import './fastify-types.js';

const { app } = await createTestApp();

describe('route access rules', () => {
  it('every registered API route declares who may call it', () => {
    const apiRoutes = app.routeAccess;
    expect(apiRoutes.map((r) => r.url)).toContain('/api/v1/users/me/');
    expect(apiRoutes.filter((r) => !r.access)).toEqual([]);
    // The catalogue is complete: it lists every /api/v route Fastify actually serves (the printed
    // tree shows routes with parameters under their parent, so those are checked one by one).
    const catalogued = new Set(apiRoutes.map((r) => r.url));
    const served = app.printRoutes({ commonPrefix: false }).match(/\/api\/v\d+\/\S*/g) ?? [];
    expect(served.filter((url) => !catalogued.has(url))).toEqual([]);
    for (const route of apiRoutes) {
      expect(app.hasRoute({ method: route.method as 'GET', url: route.url }), route.url).toBe(true);
    }
  });

  it('every request body is a strict schema, so unknown fields (tenant_id, roles, owner) are refused', () => {
    const loose = app.routeAccess.filter((r) => r.strictBody === false).map((r) => `${r.method} ${r.url}`);
    expect(loose).toEqual([]);
    expect(app.routeAccess.some((r) => r.strictBody === true)).toBe(true);
  });

  it('refuses to register an API route without an access rule', async () => {
    const bare = Fastify();
    registerAccessControl(bare);
    expect(() => bare.get('/api/v1/forgotten/', async () => ({}))).toThrow(/declares no access rule/);
    await bare.close();
  });
});
