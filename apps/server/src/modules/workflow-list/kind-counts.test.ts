import {
  DASHBOARD_PATHS,
  decodeListQuery,
  KindAlertCountsSchema,
  KindCountsSchema,
  KindWorkflowCountsSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { publishAll } from '../../test/workflow-fixtures.js';
import {
  type DashboardTestTenant,
  dashboardTestTenant,
  leafKind,
} from '../../test/workflow-list-fixtures.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import { cappedCount, cappedCounts, ESTIMATE_TRUSTED_ABOVE } from './capped-count.repository.js';
import {
  countOpenAlerts,
  countOpenInStepGroups,
  countVisibleMatches,
  visibleForEstimate,
} from './counts.repository.js';
import { keptCount, keptCountFits } from './kept-counts.repository.js';
import { listWhere } from './list-where.js';

const { app, db, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;
let member: TestClient;
let admin: TestClient;
// A kind of t with a current definition and no workflow.
let emptyKind: number;

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  const [empty] = await publishAll(adminDb, t.id, [leafKind('lab_empty', 'Lab empty')]);
  emptyKind = Number(empty?.kindId);
  member = await t.signedIn('member');
  admin = await t.signedIn('admin');
});

async function kindCounts(client: TestClient, query: string) {
  const response = await client.get(`${DASHBOARD_PATHS.kindWorkflowCounts}?${query}`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return KindWorkflowCountsSchema.parse(response.json()).results;
}

async function listCount(client: TestClient, query: string) {
  const response = await client.get(`${DASHBOARD_PATHS.workflows}?${query}&limit=1`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  const page = WorkflowListPageSchema.parse(response.json());
  return { count: page.count, count_is_estimate: page.count_is_estimate };
}

const byKind = (results: Awaited<ReturnType<typeof kindCounts>>) =>
  Object.fromEntries(results.map((r) => [r.kind_id, r.count]));

const advanced = (field: string, operator: string, value: unknown) =>
  `advanced_filters=${encodeURIComponent(
    JSON.stringify({ compareType: 'AND', conditions: [{ field, operator, value }], groups: [] }),
  )}`;

describe('GET workflow-kinds/counts/', () => {
  it("answers, per kind, the list's count for the same filters", async () => {
    const queries = [
      '',
      'q=alpha',
      `region__in=${t.ids.region('Europe')}`,
      `business_unit__in=${t.ids.unit('Berlin')}`,
      'filter_by_group=me',
      'archived=true',
      `created_range_after=${new Date(Date.now() - 20 * 24 * 3600 * 1000).toISOString().slice(0, 10)}`,
      advanced('workflow__name', 'contains', 'alpha'),
      // Ordering and paging are ignored, an answer ordering included (it needs a kind's catalogue).
      'ordering=field__lab__intake__form__count&page=3',
    ];
    for (const client of [member, admin]) {
      for (const query of queries) {
        const results = await kindCounts(client, query);
        expect(results.map((r) => r.kind_id)).toEqual(
          [t.kinds.grandchild, t.kinds.child, t.kinds.lab, emptyKind].sort((a, b) => a - b),
        );
        for (const result of results) {
          const list = await listCount(
            client,
            `${query.replace(/ordering=[^&]*&page=3/, '')}&kind_id=${result.kind_id}`,
          );
          expect({ query, ...result }).toEqual({ query, kind_id: result.kind_id, ...list });
        }
      }
    }
  });

  it('counts a kind without workflows as 0 and only the workflows the user may see', async () => {
    // Delta is in Asia: the admin sees it, the member (Europe only) does not.
    expect(byKind(await kindCounts(member, ''))).toEqual({
      [t.kinds.lab]: 3,
      [t.kinds.child]: 1,
      [t.kinds.grandchild]: 1,
      [emptyKind]: 0,
    });
    expect(byKind(await kindCounts(admin, ''))[t.kinds.lab]).toBe(4);
    expect(byKind(await kindCounts(member, 'q=gamma'))).toMatchObject({
      [t.kinds.lab]: 1,
      [t.kinds.child]: 0,
    });
  });

  it("never holds another tenant's kinds", async () => {
    const ids = (await kindCounts(member, '')).map((r) => r.kind_id);
    for (const id of Object.values(other.kinds)) expect(ids).not.toContain(id);
    const otherIds = (await kindCounts(await other.signedIn('member'), '')).map((r) => r.kind_id);
    expect(otherIds.sort((a, b) => a - b)).toEqual(Object.values(other.kinds).sort((a, b) => a - b));
  });

  it('refuses a bad parameter or advanced filter as the list does', async () => {
    // Without a kind, field attributes are unknown (the list without a kind answers the same).
    const field = advanced('field__lab__intake__form__count', 'eq', 5);
    const counts = await member.get(`${DASHBOARD_PATHS.kindWorkflowCounts}?${field}`);
    const list = await member.get(`${DASHBOARD_PATHS.workflows}?${field}`);
    expect(counts.statusCode).toBe(400);
    expect(counts.json()).toEqual(list.json());
    expect(counts.json().problems[0].key).toBe('unknownAttribute');
    const shape = await member.get(`${DASHBOARD_PATHS.kindWorkflowCounts}?advanced_filters=%7B%7D`);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toEqual({ advanced_filters: ['invalidFilterShape'] });
    const status = await member.get(`${DASHBOARD_PATHS.kindWorkflowCounts}?status__in=x`);
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual({ status__in: ['invalidId'] });
  });

  it('refuses a user without can_view_dashboard', async () => {
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(DASHBOARD_PATHS.kindWorkflowCounts)).statusCode).toBe(403);
  });

  it('is not taken for a kind id by the workflow-kinds/{id}/... routes, nor takes them', async () => {
    const response = await member.get(DASHBOARD_PATHS.kindWorkflowCounts);
    expect(KindWorkflowCountsSchema.safeParse(response.json()).success).toBe(true);
    const queues = await member.get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup`);
    expect(queues.statusCode).toBe(200);
    expect(queues.json()).toHaveProperty('stepgroupdef_counts');
  });
});

// Issue 14: the sidebar's queue and alert counts follow the list's filters as the kind counts do.
describe('a kind’s queue and alert counts under the list filters', () => {
  async function queues(client: TestClient, query: string) {
    const response = await client.get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup&${query}`);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return Object.fromEntries(
      KindCountsSchema.parse(response.json()).stepgroupdef_counts.map((q) => [q.step_group_tag, q.count]),
    );
  }
  async function alerts(client: TestClient, query: string) {
    const response = await client.get(`${DASHBOARD_PATHS.kindAlertCount(t.kinds.lab)}?${query}`);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return KindAlertCountsSchema.parse(response.json()).alert_details.map((a) => [a.alert_tag, a.count]);
  }

  it('narrows the queue counts by region, business unit, search and date', async () => {
    // Unfiltered: Alpha and Gamma open in intake, Beta in review.
    expect(await queues(member, '')).toEqual({ lab__intake: 2, lab__review: 1 });
    expect(await queues(member, `business_unit__in=${t.ids.unit('Berlin')}`)).toEqual({
      lab__intake: 1,
      lab__review: 0,
    });
    expect(await queues(member, 'q=beta')).toEqual({ lab__intake: 0, lab__review: 1 });
    // The admin sees Delta (Asia) too, and the region filter takes it away again.
    expect(await queues(admin, '')).toMatchObject({ lab__intake: 3 });
    expect(await queues(admin, `region__in=${t.ids.region('Europe')}`)).toMatchObject({ lab__intake: 2 });
    const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await queues(member, `created_range_after=${since}`)).toEqual({ lab__intake: 1, lab__review: 0 });
  });

  it('narrows the alert counts the same way', async () => {
    expect(await alerts(member, '')).toEqual([['big_count', 1]]);
    expect(await alerts(member, 'q=beta')).toEqual([['big_count', 1]]);
    expect(await alerts(member, `business_unit__in=${t.ids.unit('Berlin')}`)).toEqual([]);
    expect(await alerts(member, 'q=gamma')).toEqual([]);
  });

  it('refuses a bad filter as the list does', async () => {
    const response = await member.get(
      `${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup&status__in=x`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ status__in: ['invalidId'] });
    const alertsResponse = await member.get(`${DASHBOARD_PATHS.kindAlertCount(t.kinds.lab)}?region__in=x`);
    expect(alertsResponse.statusCode).toBe(400);
  });
});

// The count rule (docs/workflow-list.md): the planner first, an exact count only where it expects
// few rows. generate_series gives rows whose estimate is known: 50,000 for the series, 0.5 % of
// them for an equality of two expressions it has no statistics for, 99.5 % for an inequality.
describe('the count rule: the planner first', () => {
  const series = (tx: Tx, where: RawBuilder<SqlBool>) =>
    tx.selectFrom(sql`generate_series(1, 50000)`.as('g')).where(where).select(sql`1`.as('one'));
  const inTx = <T>(work: (tx: Tx) => Promise<T>) => withTenant(adminDb, t.id, work);

  it('counts exactly when the planner expects few rows, and says it is exact', async () => {
    // Estimated 250, truly 7,142: exact under a limit of 10,000.
    const count = await inTx((tx) => cappedCount(tx, series(tx, sql<SqlBool>`g % 7 = 0`)));
    expect(count).toEqual({ count: 7142, estimate: false });
  });

  it('answers the estimate without counting when the planner expects more than twice the limit', async () => {
    // Truly 0 rows (g % 1,000,000 is g), estimated at 99.5 % of 50,000: never counted, so the
    // answer is the planner's and says so.
    const count = await inTx((tx) => cappedCount(tx, series(tx, sql<SqlBool>`g % 1000000 <> g`), 100));
    expect(count.estimate).toBe(true);
    expect(count.count).toBeGreaterThan(ESTIMATE_TRUSTED_ABOVE * 100);
  });

  it('says estimate when a count it expected small passes the limit, and never answers below it', async () => {
    // Estimated 250 (0.5 %), truly 50,000: counted up to 201 rows, then the estimate.
    const count = await inTx((tx) => cappedCount(tx, series(tx, sql<SqlBool>`g % 7 = (g + 0) % 7`), 200));
    expect(count).toEqual({ count: 250, estimate: true });
    const low = await inTx((tx) => cappedCount(tx, series(tx, sql<SqlBool>`g % 7 = (g + 0) % 7`), 1000));
    expect(low).toEqual({ count: 1001, estimate: true });
  });

  it('gives each arm of a grouped count what its own count gives', async () => {
    const wheres = [
      sql<SqlBool>`g % 7 = 0`,
      sql<SqlBool>`g % 1000000 <> g`,
      sql<SqlBool>`g % 7 = (g + 0) % 7`,
      sql<SqlBool>`false`,
    ];
    const grouped = await inTx((tx) =>
      cappedCounts(
        tx,
        wheres.map((where) => ({ matches: series(tx, where) })),
        200,
      ),
    );
    const single = await inTx((tx) =>
      Promise.all(wheres.map((where) => cappedCount(tx, series(tx, where), 200))),
    );
    expect(grouped).toEqual(single);
    expect(grouped[3]).toEqual({ count: 0, estimate: false });
  });

  it("estimates visibility with the user's grants as lists: the same workflows as the rule", async () => {
    const supplier = (
      await adminDb
        .selectFrom('users')
        .select('id')
        .where('email', '=', t.email('supplier'))
        .executeTakeFirstOrThrow()
    ).id;
    for (const userId of [String(t.users.member), String(t.users.admin), String(supplier)]) {
      const [byRule, byLists] = await inTx(async (tx) => {
        const workflows = () =>
          tx.selectFrom('workflows as w').select((eb) => eb.fn.countAll<string>().as('n'));
        return Promise.all([
          workflows().where(visibleWorkflowsFilter(userId)).executeTakeFirstOrThrow(),
          workflows()
            .where(await visibleForEstimate(tx, userId))
            .executeTakeFirstOrThrow(),
        ]);
      });
      expect({ userId, n: byLists.n }).toEqual({ userId, n: byRule.n });
    }
  });

  it('counts queues and alerts grouped as one per group would, in the tenant only', async () => {
    const scope = (userId: number) => ({
      tenantId: t.id,
      userId: String(userId),
      kindId: String(t.kinds.lab),
      where: sql<boolean>`true`,
    });
    for (const userId of [t.users.member, t.users.admin]) {
      const tags = ['lab__intake', 'lab__review', 'lab__nothing'];
      const grouped = await inTx((tx) => countOpenInStepGroups(tx, scope(userId), tags));
      const each = await inTx((tx) =>
        Promise.all(tags.map(async (tag) => (await countOpenInStepGroups(tx, scope(userId), [tag]))[0])),
      );
      expect(grouped).toEqual(each);
      expect(grouped.every((c) => !c.estimate)).toBe(true);
      const pairs = [
        { alertTag: 'big_count', colorLabel: 'R' as const },
        { alertTag: 'big_count', colorLabel: 'A' as const },
      ];
      const alerts = await inTx((tx) => countOpenAlerts(tx, scope(userId), pairs));
      const alertsEach = await inTx((tx) =>
        Promise.all(pairs.map(async (p) => (await countOpenAlerts(tx, scope(userId), [p]))[0])),
      );
      expect(alerts).toEqual(alertsEach);
    }
    // Another tenant's transaction, as the application role, sees none of t's open steps.
    const elsewhere = await withTenant(db, other.id, (tx) =>
      countOpenInStepGroups(tx, scope(t.users.admin), ['lab__intake']),
    );
    expect(elsewhere).toEqual([{ count: 0, estimate: false }]);
  });
});

// Migration 0029's kept per-day counts answer the list's count when its filters are their
// dimensions: equal to counting the rows, for every user's visibility.
describe('counts from the kept per-day counts', () => {
  const decoded = (query: Record<string, string>) => {
    const result = decodeListQuery(query);
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    return result.state;
  };
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 24 * 3600 * 1000).toISOString().slice(0, 10);

  it('equals the counted rows for kinds, statuses, places, environments and created days', async () => {
    const queries: Record<string, string>[] = [
      {},
      { region__in: String(t.ids.region('Europe')) },
      { business_unit__in: String(t.ids.unit('Berlin')) },
      { created_range_after: day(1) },
      { created_range_before: day(1) },
      { created_range_after: day(30), created_range_before: day(0) },
      { environment: 'ALL' },
      { environment: 'QA' },
    ];
    const supplier = (
      await adminDb
        .selectFrom('users')
        .select('id')
        .where('email', '=', t.email('supplier'))
        .executeTakeFirstOrThrow()
    ).id;
    for (const userId of [String(t.users.member), String(t.users.admin), String(supplier)]) {
      for (const query of queries) {
        for (const kindIds of [null, [String(t.kinds.lab)], []]) {
          const state = decoded(query);
          expect(keptCountFits({ state, kindIds })).toBe(true);
          const [kept, counted] = await withTenant(db, t.id, async (tx) => {
            const where = listWhere({
              state,
              kindIds,
              tenantId: t.id,
              userId,
              catalogue: new Map(),
              now: new Date(),
            });
            return Promise.all([
              keptCount(tx, { state, kindIds, tenantId: t.id, userId }),
              countVisibleMatches(tx, { tenantId: t.id, userId, where }, 1000),
            ]);
          });
          expect({ userId, query, kindIds, n: kept }).toEqual({ userId, query, kindIds, n: counted.count });
        }
      }
    }
  });

  it('is not used for filters it does not hold', () => {
    for (const query of [
      { q: 'alpha' },
      { filter_by_group: 'me' },
      { archived: 'true' },
      { date_filter_type: 'updated_at', created_range_after: day(1) },
      { created_range_after: '2026-01-01T10:00:00Z' },
      {
        advanced_filters: JSON.stringify({
          compareType: 'AND',
          conditions: [{ field: 'workflow__name', operator: 'contains', value: 'a' }],
          groups: [],
        }),
      },
    ]) {
      const result = decodeListQuery(query);
      if (!result.ok) continue;
      expect({ query, fits: keptCountFits({ state: result.state, kindIds: null }) }).toEqual({
        query,
        fits: false,
      });
    }
  });

  it('answers the list exactly through the API for a status over a created range', async () => {
    const statuses = await adminDb
      .selectFrom('workflow_statuses')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('kind_id', '=', String(t.kinds.lab))
      .execute();
    // Every status of the kind: the same workflows as without the status filter.
    const ranged = `kind_id=${t.kinds.lab}&created_range_after=${day(30)}`;
    const all = await listCount(member, ranged);
    expect(all.count).toBeGreaterThan(0);
    expect(await listCount(member, `${ranged}&status__in=${statuses.map((s) => s.id).join(',')}`)).toEqual({
      count: all.count,
      count_is_estimate: false,
    });
  });
});
