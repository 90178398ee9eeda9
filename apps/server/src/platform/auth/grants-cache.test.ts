import { ADMIN_PATHS } from '@attest/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminTestTenant, idsOf, userId } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';
import { withTenant } from '../tenant-transaction.js';
import { type AccessScope, accessScopeOf } from './access-scope.js';
import { createGrantsCache } from './grants-cache.js';

// The viewer's grants kept per process (issue 17): forgotten at once when access changes through
// this process, within the TTL when it changes behind its back.
const TTL_MS = 30_000;
const { app, db, adminDb } = await createTestApp();

afterEach(() => {
  vi.useRealTimers();
});

async function setUp() {
  const tenant = await createAdminTestTenant(adminDb);
  const ids = await idsOf(adminDb, tenant.id);
  const admin = TestClient.forTenant(app, tenant.slug);
  expect((await admin.signIn(tenant.admin)).statusCode).toBe(200);
  const member = String(userId(tenant, tenant.member));
  const cache = createGrantsCache<AccessScope>(TTL_MS);
  let loads = 0;
  const grantsOf = () =>
    withTenant(db, tenant.id, (tx) =>
      cache.find(tenant.id, member, () => {
        loads += 1;
        return accessScopeOf(tx, member);
      }),
    );
  return { tenant, ids, admin, member, grantsOf, loads: () => loads };
}

describe('the grants cache', () => {
  it('reads a user’s grants once, then serves them from memory', async () => {
    const { grantsOf, loads } = await setUp();
    expect(await grantsOf()).toEqual({ regions: [], businessUnits: [] });
    expect(await grantsOf()).toEqual({ regions: [], businessUnits: [] });
    expect(loads()).toBe(1);
  });

  it('forgets them at once when access changes through this process', async () => {
    const { ids, admin, member, grantsOf, loads } = await setUp();
    expect(await grantsOf()).toEqual({ regions: [], businessUnits: [] });
    const response = await admin.request({
      method: 'PUT',
      url: ADMIN_PATHS.userAccess(Number(member)),
      payload: { regions: [{ region_id: ids.region('Europe'), access: 'read' }], business_units: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(await grantsOf()).toEqual({
      regions: [{ id: String(ids.region('Europe')), access: 'read' }],
      businessUnits: [],
    });
    expect(loads()).toBe(2);
  });

  it('serves a change made behind its back (another process) within the TTL, not after', async () => {
    const { tenant, ids, member, grantsOf } = await setUp();
    expect(await grantsOf()).toEqual({ regions: [], businessUnits: [] });
    await adminDb
      .insertInto('user_region_access')
      .values({
        tenant_id: tenant.id,
        user_id: member,
        region_id: String(ids.region('Europe')),
        access: 'full',
      })
      .execute();
    expect(await grantsOf()).toEqual({ regions: [], businessUnits: [] });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TTL_MS + 1000 });
    expect(await grantsOf()).toEqual({
      regions: [{ id: String(ids.region('Europe')), access: 'full' }],
      businessUnits: [],
    });
  });
});
