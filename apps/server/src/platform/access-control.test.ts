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
    // The catalogue is complete: it lists every /api/v route Fastify actually serves.
    const served = app.printRoutes({ commonPrefix: false }).match(/\/api\/v\d+\/\S*/g) ?? [];
    expect(new Set(apiRoutes.map((r) => r.url))).toEqual(new Set(served));
  });

  it('refuses to register an API route without an access rule', async () => {
    const bare = Fastify();
    registerAccessControl(bare);
    expect(() => bare.get('/api/v1/forgotten/', async () => ({}))).toThrow(/declares no access rule/);
    await bare.close();
  });
});
