import { DASHBOARD_PATHS, defaultListState, WorkflowListPageSchema } from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant } from '../../test/workflow-list-fixtures.js';
import { listPage } from './list.repository.js';
import { listOrdering } from './list-ordering.js';
import { listWhere } from './list-where.js';
import {
  estimatedNameCount,
  NAME_WALK_MAX_ROWS,
  type NameForm,
  nameMatchIds,
  nameShare,
  pageNameForm,
  rememberNameShare,
} from './name-search.js';

const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;
let member: TestClient;

// Names holding 'north' in both tenants: visible, in a hidden region (Delta, Asia), archived (Gamma).
beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  for (const tenant of [t, other]) {
    await sql`update workflows set name = case id
        when ${tenant.workflows.alpha} then 'North Alpha'
        when ${tenant.workflows.beta} then 'Beta northwind'
        when ${tenant.workflows.gamma} then 'Gamma NORTH'
        when ${tenant.workflows.delta} then 'Delta north' else name end
      where tenant_id = ${tenant.id}`.execute(adminDb);
  }
  await sql`update workflows set archived_at = now() where tenant_id = ${t.id} and id = ${t.workflows.gamma}`.execute(
    adminDb,
  );
  member = await t.signedIn('member');
});

async function list(client: TestClient, query: string) {
  const response = await client.get(`${DASHBOARD_PATHS.workflows}?${query}`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return WorkflowListPageSchema.parse(response.json());
}

async function page(
  user: 'member' | 'admin',
  form: NameForm | 'ids',
  q: string,
  options: { archived: boolean; ordering: string; limit: number; offset: number },
) {
  const state = { ...defaultListState(), q, archived: options.archived, ordering: options.ordering };
  return withTenant(adminDb, t.id, async (tx) => {
    const where = listWhere({
      state,
      kindIds: null,
      tenantId: t.id,
      userId: String(t.users[user]),
      catalogue: new Map(),
      now: new Date(),
      nameForm: form === 'ids' ? 'index' : form,
      nameIds: form === 'ids' && q.length >= 3 ? await nameMatchIds(tx, q.toLowerCase()) : undefined,
    });
    const rows = await listPage(
      tx,
      {
        tenantId: t.id,
        userId: String(t.users[user]),
        where,
        ordering: listOrdering(options.ordering, new Map()),
      },
      { limit: options.limit, offset: options.offset },
    );
    return rows.map((r) => r.name);
  });
}

describe('the name search, walked, from the trigram index or its ids read once', () => {
  it('gives the same pages either way: tenants, hidden regions, archived, orderings, paging', async () => {
    for (const user of ['member', 'admin'] as const) {
      for (const archived of [false, true]) {
        for (const ordering of ['-created_at', 'name', '-name', 'id']) {
          for (const q of ['north', 'nor', 'alpha', 'nowhere']) {
            const whole = await page(user, 'index', q, { archived, ordering, limit: 50, offset: 0 });
            expect(await page(user, 'walk', q, { archived, ordering, limit: 50, offset: 0 })).toEqual(whole);
            expect(await page(user, 'ids', q, { archived, ordering, limit: 50, offset: 0 })).toEqual(whole);
            for (let offset = 0; offset <= whole.length; offset++) {
              const one = { archived, ordering, limit: 1, offset };
              expect(await page(user, 'walk', q, one)).toEqual(await page(user, 'index', q, one));
            }
          }
        }
      }
    }
    // What the rows are: the member sees neither Asia (Delta) nor another tenant's; Gamma is archived.
    expect(
      await page('member', 'walk', 'north', { archived: false, ordering: 'name', limit: 50, offset: 0 }),
    ).toEqual(['Beta northwind', 'North Alpha']);
    expect(
      await page('admin', 'walk', 'north', { archived: false, ordering: 'name', limit: 50, offset: 0 }),
    ).toEqual(['Beta northwind', 'Delta north', 'North Alpha']);
    expect(
      await page('admin', 'walk', 'north', { archived: true, ordering: 'name', limit: 50, offset: 0 }),
    ).toEqual(['Gamma NORTH']);
  });

  it('answers the API the same when the phrase is taken as common (walked page, estimated count)', async () => {
    const before = await list(member, 'q=north&ordering=name');
    expect(before.results.map((r) => r.name)).toEqual(['Beta northwind', 'North Alpha']);
    expect(before.count).toBe(2);
    expect(before.count_is_estimate).toBe(false);
    // Rare (the test database's statistics): the page counts its matches; past them the count rule.
    for (const offset of [0, 1, 2, 5]) {
      const one = await list(member, `q=north&ordering=-created_at&limit=1&offset=${offset}`);
      expect(one.count).toBe(2);
      expect(one.results.length).toBe(offset < 2 ? 1 : 0);
    }
    expect((await list(await t.signedIn('admin'), 'q=north')).count).toBe(3);
    // Common in this tenant: the page walks; the count, far below the exact limit, stays exact.
    rememberNameShare(t.id, 'north', { common: true, tenantShare: 0.5 });
    const walked = await list(member, 'q=north&ordering=name');
    expect(walked.results.map((r) => r.name)).toEqual(['Beta northwind', 'North Alpha']);
    expect(walked.count).toBe(2);
    expect(walked.count_is_estimate).toBe(false);
    expect((await list(member, 'q=north&ordering=name&limit=1&offset=1')).results.map((r) => r.name)).toEqual(
      ['North Alpha'],
    );
    // The other tenant's list is its own (its Gamma is not archived).
    const otherMember = await other.signedIn('member');
    expect((await list(otherMember, 'q=north&ordering=name')).results.map((r) => r.name)).toEqual([
      'Beta northwind',
      'Gamma NORTH',
      'North Alpha',
    ]);
  });

  it('chooses the walk only for a common phrase whose page fills within the bound', () => {
    const window = { limit: 20, offset: 0 };
    expect(pageNameForm({ common: false, tenantShare: null }, window)).toBe('index');
    expect(pageNameForm({ common: true, tenantShare: null }, window)).toBe('index');
    expect(pageNameForm({ common: true, tenantShare: 0.025 }, window)).toBe('walk');
    expect(pageNameForm({ common: true, tenantShare: 0.025 }, { limit: 20, offset: 9_980 })).toBe('index');
    expect(pageNameForm({ common: true, tenantShare: 20 / NAME_WALK_MAX_ROWS }, window)).toBe('walk');
  });

  it('estimates a common phrase above the exact limit from the share, and leaves the rest to the count rule', async () => {
    await withTenant(adminDb, t.id, async (tx) => {
      const state = { ...defaultListState() };
      const whereWithoutName = listWhere({
        state,
        kindIds: null,
        tenantId: t.id,
        userId: String(t.users.admin),
        catalogue: new Map(),
        now: new Date(),
      });
      const scope = { tenantId: t.id, userId: String(t.users.admin), whereWithoutName };
      expect(await estimatedNameCount(tx, scope, { common: false, tenantShare: null }, 1)).toBeUndefined();
      expect(await estimatedNameCount(tx, scope, { common: true, tenantShare: null }, 1)).toBeUndefined();
      // A handful of rows: never above twice the default limit.
      expect(await estimatedNameCount(tx, scope, { common: true, tenantShare: 1 })).toBeUndefined();
      const estimated = await estimatedNameCount(tx, scope, { common: true, tenantShare: 1 }, 0);
      expect(estimated?.estimate).toBe(true);
      expect(estimated?.count).toBeGreaterThan(0);
    });
  });

  it('workflow_name_share answers nothing without a tenant, and a rare phrase is not common', async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from workflow_name_share('north')`.execute(adminDb);
    expect(rows[0]?.n).toBe(0);
    const share = await withTenant(adminDb, t.id, (tx) => nameShare(tx, `${t.id}-fresh`, 'zzqxnorthzz'));
    expect(share).toEqual({ common: false, tenantShare: null });
  });
});
