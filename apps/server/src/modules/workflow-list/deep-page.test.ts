import { defaultListState, type WorkflowListState } from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant } from '../../test/workflow-list-fixtures.js';
import { listPage } from './list.repository.js';
import { listOrdering } from './list-ordering.js';
import { listWhere } from './list-where.js';

// A deep page (list.repository.ts pageIds: ids over the list's order, then the page's rows by id)
// holds the same rows in the same order as the one query, for every window, ordering, filter and
// viewer; another tenant's workflows (a second tenant alike) never appear.
const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
});

describe('deep pages', () => {
  it('lists the same rows as ids first as in one query', async () => {
    const states: Partial<WorkflowListState>[] = [
      {},
      { archived: false },
      { region__in: [t.ids.region('Europe')] },
      { q: 'alpha' },
    ];
    const orderings = [
      '-created_at',
      'created_at',
      'name',
      '-name',
      'progress',
      '-updated_at',
      'id',
      '-status',
    ];
    const users = [String(t.users.member), String(t.users.admin)];
    const theirs = new Set(Object.values(other.workflows).map(String));
    let compared = 0;
    for (const userId of users) {
      for (const partial of states) {
        for (const kindIds of [null, [String(t.kinds.lab)]]) {
          for (const key of orderings) {
            const state = { ...defaultListState(), ...partial, ordering: key };
            const where = listWhere({
              state,
              kindIds,
              tenantId: t.id,
              userId,
              catalogue: new Map(),
              now: new Date(),
            });
            const scope = { tenantId: t.id, userId, where, ordering: listOrdering(key, new Map()) };
            for (const limit of [1, 2, 20]) {
              for (const offset of [0, 1, 2, 3, 5, 8]) {
                const [once, deep] = await withTenant(adminDb, t.id, async (tx) => [
                  await listPage(tx, scope, { limit, offset }, Number.POSITIVE_INFINITY),
                  await listPage(tx, scope, { limit, offset }, 0),
                ]);
                expect(deep).toEqual(once);
                for (const row of deep) expect(theirs.has(String(row.id))).toBe(false);
                compared += once.length;
              }
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
