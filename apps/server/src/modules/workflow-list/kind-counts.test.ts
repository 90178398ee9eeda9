import {
  DASHBOARD_PATHS,
  KindAlertCountsSchema,
  KindCountsSchema,
  KindWorkflowCountsSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { publishAll } from '../../test/workflow-fixtures.js';
import {
  type DashboardTestTenant,
  dashboardTestTenant,
  leafKind,
} from '../../test/workflow-list-fixtures.js';

const { app, adminDb } = await createTestApp();

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
