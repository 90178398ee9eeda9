import {
  DASHBOARD_PATHS,
  defaultListState,
  FieldsExportSchema,
  KindAlertCountsSchema,
  KindCountsSchema,
  UserGroupListSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant, LAB } from '../../test/workflow-list-fixtures.js';
import { cappedCount } from './capped-count.repository.js';
import { listPage } from './list.repository.js';
import { listOrdering } from './list-ordering.js';
import { listWhere } from './list-where.js';

const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  member = await t.signedIn('member');
  admin = await t.signedIn('admin');
});

async function list(client: TestClient, query: string) {
  const response = await client.get(`${DASHBOARD_PATHS.workflows}?${query}`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return WorkflowListPageSchema.parse(response.json());
}
const names = async (client: TestClient, query: string) =>
  (await list(client, query)).results.map((r) => r.name);

describe('GET workflows/', () => {
  it('lists the visible, unarchived workflows newest first, with the list item of spec 1 §3', async () => {
    const page = await list(member, '');
    // Newest first: the child and grandchild were created last, Beta 100 days ago.
    expect(page.results.map((r) => r.name).slice(-3)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(page.results.map((r) => r.name)).not.toContain('Delta');
    expect(page.count).toBe(5);
    expect(page.count_is_estimate).toBe(false);
    const beta = page.results.find((r) => r.name === 'Beta');
    expect(beta).toMatchObject({
      id: t.workflows.beta,
      status: { tag: 'in_review', display_name: 'In Review', color_code: '#1c7ed6' },
      kind: { id: t.kinds.lab, name: 'Lab', tag: 'lab' },
      region: { name: 'Europe' },
      business_unit: { name: 'Paris' },
      workflow_family: [{ id: t.workflows.beta, name: 'Beta', relation: 'self' }],
      alerts: [
        {
          alert_tag: 'big_count',
          cat_color_label: 'R',
          field_id: LAB.count,
          step_id: LAB.form,
          step_group_id: 'lab__intake',
          workflow_id: t.workflows.beta,
        },
      ],
    });
    expect(beta?.lc_data).toEqual([
      {
        key: 'region',
        value: 'Europe',
        label: null,
        translated_label: 'dashboard.columns.region',
        display_type: 'place',
        format: null,
      },
      {
        key: 'business_unit',
        value: 'Paris',
        label: null,
        translated_label: 'dashboard.columns.business_unit',
        display_type: 'place',
        format: null,
      },
      {
        key: 'created_by',
        value: 'Ada Admin',
        label: null,
        translated_label: 'dashboard.columns.created_by',
        display_type: 'user',
        format: null,
      },
      {
        key: LAB.title,
        value: 'Beta_1 back\\slash',
        label: 'Title',
        translated_label: null,
        display_type: 'text',
        format: null,
      },
      {
        key: LAB.count,
        value: '20',
        label: 'Count',
        translated_label: null,
        display_type: 'number',
        format: null,
      },
      {
        key: LAB.color,
        value: 'Green',
        label: 'Color',
        translated_label: null,
        display_type: 'choice',
        format: null,
      },
    ]);
    const grandchild = page.results.find((r) => r.name === 'Alpha grandchild');
    expect(grandchild?.workflow_family.map((f) => [f.name, f.relation])).toEqual([
      ['Alpha', 'parent'],
      ['Alpha child', 'parent'],
      ['Alpha grandchild', 'self'],
    ]);
  });

  it('filters by q (name or id), status, region, business unit and dates', async () => {
    expect(await names(member, 'q=alp&ordering=name')).toEqual(['Alpha', 'Alpha child', 'Alpha grandchild']);
    expect(await names(member, `q=${t.workflows.gamma}`)).toEqual(['Gamma']);
    expect(await names(member, `q=${encodeURIComponent("%' or 1=1 --")}`)).toEqual([]);
    const statuses = await adminDb
      .selectFrom('workflow_statuses')
      .select(['id', 'tag'])
      .where('tenant_id', '=', t.id)
      .execute();
    const inReview = statuses.find((s) => s.tag === 'in_review')?.id;
    expect(await names(member, `status__in=${inReview}`)).toEqual(['Beta']);
    expect(await names(member, `business_unit__in=${t.ids.unit('Berlin')}`)).toEqual(['Gamma']);
    expect(await names(member, `region__in=${t.ids.region('Asia')}`)).toEqual([]);
    expect(await names(admin, `region__in=${t.ids.region('Asia')}`)).toEqual(['Delta']);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(
      await names(
        member,
        `kind_id=${t.kinds.lab}&created_range_after=${day(50)}&created_range_before=${day(10)}`,
      ),
    ).toEqual(['Alpha']);
    expect(await names(member, `kind_id=${t.kinds.lab}&created_range_before=${day(50)}`)).toEqual(['Beta']);
    expect(
      await names(member, `kind_id=${t.kinds.lab}&date_filter_type=completed&created_range_after=${day(1)}`),
    ).toEqual([]);
    expect(
      await names(member, `kind_id=${t.kinds.lab}&date_filter_type=updated_at&created_range_after=${day(1)}`),
    ).toEqual(['Gamma']);
  });

  it('filters by answer and json_answer on the text projection, literally', async () => {
    expect(await names(member, `answer=${LAB.color}:green`)).toEqual(['Beta']);
    expect(await names(member, `answer=${encodeURIComponent(`${LAB.title}:Alpha 50% off`)}`)).toEqual([
      'Alpha',
    ]);
    expect(await names(member, `answer=${encodeURIComponent(`${LAB.title}:Alpha%`)}`)).toEqual([]);
    const json = encodeURIComponent(JSON.stringify({ [LAB.color]: ['red', 'green'], [LAB.count]: 20 }));
    expect(await names(member, `json_answer=${json}`)).toEqual(['Beta']);
    const bad = await member.get(
      `${DASHBOARD_PATHS.workflows}?json_answer=${encodeURIComponent('{"x":{}}')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ json_answer: ['invalidAnswer'] });
  });

  it('lists a kind alone or with its children and grandchildren kinds', async () => {
    expect(await names(member, `kind_id=${t.kinds.lab}&ordering=name`)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(member, `kind_id=${t.kinds.lab}&include_kind_children=true&ordering=name`)).toEqual([
      'Alpha',
      'Alpha child',
      'Alpha grandchild',
      'Beta',
      'Gamma',
    ]);
    expect(await names(member, `kind_id__in=${t.kinds.child}&include_kind_children=1&ordering=name`)).toEqual(
      ['Alpha child', 'Alpha grandchild'],
    );
    expect(await names(member, `kind_id=${t.kinds.child}`)).toEqual(['Alpha child']);
    expect(await names(member, `kind_id__in=${t.kinds.child},${t.kinds.grandchild}&ordering=-name`)).toEqual([
      'Alpha grandchild',
      'Alpha child',
    ]);
    // Another tenant's kind lists nothing.
    expect(await names(member, `kind_id=${other.kinds.lab}`)).toEqual([]);
  });

  it('filters my tasks: open steps assigned to me or my groups, or to one group', async () => {
    expect(await names(member, 'filter_by_group=me&ordering=name')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(admin, 'filter_by_group=me')).toEqual([]);
    const groups = UserGroupListSchema.parse((await member.get(DASHBOARD_PATHS.userGroupList)).json());
    const members = groups.results.find((g) => g.name === 'Members')?.id;
    expect(await names(member, `filter_by_group=${members}`)).toEqual(['Beta']);
  });

  it('finds the same my tasks whether it starts from the tasks or probes along the order', async () => {
    const groups = UserGroupListSchema.parse((await member.get(DASHBOARD_PATHS.userGroupList)).json());
    const members = groups.results.find((g) => g.name === 'Members')?.id as number;
    for (const group of ['me', members] as const) {
      const found = [];
      for (const myTasksForm of ['semi', 'probe'] as const) {
        const rows = await withTenant(adminDb, t.id, (tx) => {
          const state = { ...defaultListState(), filter_by_group: group, ordering: 'name' };
          const where = listWhere({
            state,
            kindIds: null,
            tenantId: t.id,
            userId: String(t.users.member),
            catalogue: new Map(),
            now: new Date(),
            myTasksForm,
          });
          const scope = { tenantId: t.id, userId: String(t.users.member), where };
          return listPage(
            tx,
            { ...scope, ordering: listOrdering('name', new Map()) },
            { limit: 20, offset: 0 },
          );
        });
        found.push(rows.map((r) => r.name));
      }
      expect(found[0]).toEqual(group === 'me' ? ['Alpha', 'Beta', 'Gamma'] : ['Beta']);
      expect(found[1]).toEqual(found[0]);
    }
  });

  it('orders by a column or an answer, pages by 20 or limit/offset, and ranks rows', async () => {
    const byCount = await list(member, `kind_id=${t.kinds.lab}&ordering=-field__${LAB.count}`);
    expect(byCount.results.map((r) => [r.name, r.sorting_primary_field, r.rank])).toEqual([
      ['Beta', '20', 3],
      ['Alpha', '5', 2],
      ['Gamma', null, 1],
    ]);
    // Page by page across the rows with the answer and those without it.
    const pages = [];
    for (const offset of [0, 1, 2, 3]) {
      pages.push(
        await names(member, `kind_id=${t.kinds.lab}&ordering=-field__${LAB.count}&limit=1&offset=${offset}`),
      );
    }
    expect(pages).toEqual([['Beta'], ['Alpha'], ['Gamma'], []]);
    expect(
      await names(member, `kind_id=${t.kinds.lab}&ordering=field__${LAB.count}&limit=2&offset=1`),
    ).toEqual(['Beta', 'Gamma']);
    const ascending = await list(member, `kind_id=${t.kinds.lab}&ordering=field__${LAB.title}`);
    expect(ascending.results.map((r) => [r.name, r.rank])).toEqual([
      ['Alpha', 1],
      ['Beta', 2],
      ['Gamma', 3],
    ]);
    expect(await names(member, `kind_id=${t.kinds.lab}&ordering=progress`)).toEqual([
      'Alpha',
      'Gamma',
      'Beta',
    ]);
    expect(await names(member, `kind_id=${t.kinds.lab}&ordering=-status`)).toEqual([
      'Beta',
      'Gamma',
      'Alpha',
    ]);
    const first = await list(member, 'ordering=name&limit=2');
    expect(first.results.map((r) => [r.name, r.rank])).toEqual([
      ['Alpha', 1],
      ['Alpha child', 2],
    ]);
    expect(first.next).toBe(`${DASHBOARD_PATHS.workflows}?ordering=name&limit=2&offset=2`);
    expect(first.previous).toBeNull();
    const second = await list(member, 'ordering=name&limit=2&offset=2');
    expect(second.results.map((r) => [r.name, r.rank])).toEqual([
      ['Alpha grandchild', 3],
      ['Beta', 4],
    ]);
    const byPage = await list(member, 'ordering=-name&page=1');
    expect(byPage.results.map((r) => r.rank)).toEqual([5, 4, 3, 2, 1]);
    const unknown = await member.get(`${DASHBOARD_PATHS.workflows}?ordering=field__lab__nope__x__y`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ ordering: ['invalidOrdering'] });
  });

  it('lists archived workflows only when asked', async () => {
    await adminDb
      .updateTable('workflows')
      .set({ archived_at: new Date() })
      .where('tenant_id', '=', other.id)
      .where('name', '=', 'Gamma')
      .execute();
    const otherMember = await other.signedIn('member');
    expect(await names(otherMember, `kind_id=${other.kinds.lab}&ordering=name`)).toEqual(['Alpha', 'Beta']);
    expect(await names(otherMember, 'archived=true')).toEqual(['Gamma']);
  });

  it('refuses a user without can_view_dashboard and shows nothing outside the user regions', async () => {
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(DASHBOARD_PATHS.workflows)).statusCode).toBe(403);
    // In the other tenant, so no other test here depends on the access taken away.
    const otherMember = await other.signedIn('member');
    expect((await list(otherMember, '')).count).toBeGreaterThan(0);
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', other.id)
      .where('user_id', '=', String(other.users.member))
      .execute();
    expect((await list(otherMember, '')).count).toBe(0);
  });
});

describe('the count rule', () => {
  it('counts exactly up to the limit, then answers the planner estimate and says so', async () => {
    const matches = (tx: Tx) =>
      tx.selectFrom('workflows as w').where('w.tenant_id', '=', t.id).select(sql`1`.as('one'));
    const exact = await withTenant(adminDb, t.id, (tx) => cappedCount(tx, matches(tx), 100));
    expect(exact).toEqual({ count: 6, estimate: false });
    const estimated = await withTenant(adminDb, t.id, (tx) => cappedCount(tx, matches(tx), 2));
    expect(estimated.estimate).toBe(true);
    expect(estimated.count).toBeGreaterThanOrEqual(3);
  });
});

describe('kind counts, alert counts, field catalogue, extra-json', () => {
  it('counts the task queues per step group of a kind', async () => {
    const counts = KindCountsSchema.parse(
      (await member.get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup`)).json(),
    );
    expect(counts.stepgroupdef_counts).toEqual([
      { step_group_tag: 'lab__intake', name: 'Intake', count: 2, count_is_estimate: false },
      { step_group_tag: 'lab__review', name: 'Review', count: 1, count_is_estimate: false },
    ]);
    // The admin also sees Delta (Asia), open in its intake.
    const all = KindCountsSchema.parse(
      (await admin.get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup`)).json(),
    );
    expect(all.stepgroupdef_counts[0]?.count).toBe(3);
    expect((await member.get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=steps`)).statusCode).toBe(400);
    expect(
      (await member.get(`${DASHBOARD_PATHS.kindCount(other.kinds.lab)}?type=stepgroup`)).statusCode,
    ).toBe(404);
    expect(
      (await (await t.signedIn('supplier')).get(`${DASHBOARD_PATHS.kindCount(t.kinds.lab)}?type=stepgroup`))
        .statusCode,
    ).toBe(403);
  });

  it("counts a kind's open alerts per tag and colour, for users who may view alerts", async () => {
    const counts = KindAlertCountsSchema.parse(
      (await member.get(DASHBOARD_PATHS.kindAlertCount(t.kinds.lab))).json(),
    );
    expect(counts.alert_details).toEqual([
      { alert_tag: 'big_count', cat_color_label: 'R', count: 1, count_is_estimate: false },
    ]);
    expect((await admin.get(DASHBOARD_PATHS.kindAlertCount(t.kinds.lab))).statusCode).toBe(403);
    expect((await member.get(DASHBOARD_PATHS.kindAlertCount(other.kinds.lab))).statusCode).toBe(404);
  });

  it('answers the attribute catalogue of a kind', async () => {
    const response = await member.get(`${DASHBOARD_PATHS.fieldsExportJson}?active_kind=${t.kinds.lab}`);
    const catalogue = FieldsExportSchema.parse(response.json());
    const paths = catalogue.results.map((a) => a.path);
    expect(paths).toContain('workflow__created_at');
    expect(paths).toContain(`step__${LAB.form}__overdue`);
    expect(catalogue.results.find((a) => a.path === `field__${LAB.color}`)).toMatchObject({
      type: 'choice',
      label: 'Color',
      options: [
        { value: 'red', label: 'Red' },
        { value: 'green', label: 'Green' },
        { value: 'blue', label: 'Blue' },
      ],
    });
    expect(paths).not.toContain('field__lab__intake__form__intro');
    expect(catalogue.count).toBe(paths.length);
    expect(
      (await member.get(`${DASHBOARD_PATHS.fieldsExportJson}?active_kind=${other.kinds.lab}`)).statusCode,
    ).toBe(404);
    expect((await member.get(DASHBOARD_PATHS.fieldsExportJson)).statusCode).toBe(400);
  });

  it("lists the tenant's groups and 404s other extra-json paths", async () => {
    const groups = UserGroupListSchema.parse((await member.get(DASHBOARD_PATHS.userGroupList)).json());
    expect(groups.results.map((g) => g.name)).toEqual(['Admins', 'Members']);
    const otherGroups = UserGroupListSchema.parse(
      (await (await other.signedIn('member')).get(DASHBOARD_PATHS.userGroupList)).json(),
    );
    expect(otherGroups.results.map((g) => g.id)).not.toContain(groups.results[0]?.id);
    expect((await member.get(DASHBOARD_PATHS.extraJson('nope'))).statusCode).toBe(404);
  });
});
