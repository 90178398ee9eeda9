import {
  BADGE_MESSAGES,
  BADGE_PATHS,
  BadgeDefinitionSchema,
  BadgeDefinitionsPageSchema,
  type ConditionGroup,
  DASHBOARD_PATHS,
  REPORT_PATHS,
  ReportResultSchema,
  WORKFLOW_PATHS,
  WorkflowBadgesSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';
import { refreshTenantBadges } from './badge-refresh.js';

// Issue 19: badge definitions, awarded by their rule (the advanced filter's condition group) as
// answers and statuses change, shown in the list, filterable and kept per tenant.
const { app, db, adminDb } = await createTestApp();

let t: WorkflowTestTenant;
let admin: TestClient;
let member: TestClient;

beforeAll(async () => {
  t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, [
    'can_view_badge_definitions',
    'can_create_badge_definitions',
    'can_change_badge_definitions',
  ]);
  await grant(adminDb, t.id, t.users.member, ['can_view_badge_definitions']);
  admin = await t.signedIn('admin');
  member = await t.signedIn('member');
});

const spendAtLeast = (amount: number): ConditionGroup => ({
  compareType: 'AND',
  conditions: [{ field: `field__${VC.spend}`, type: 'integer', operator: 'gte', value: amount }],
  groups: [],
});

let tags = 0;
async function createBadge(client: TestClient, body: Record<string, unknown> = {}) {
  tags += 1;
  const response = await client.post(BADGE_PATHS.definitions, {
    tag: `big_spender_${tags}`,
    label: 'Big spender',
    colour: '#e03131',
    icon: 'currency-dollar',
    kind_id: t.kinds.vendor,
    rule: spendAtLeast(1000),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return BadgeDefinitionSchema.parse(response.json());
}

async function answer(id: number, field_tag: string, value: unknown) {
  const response = await admin.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

// The tags each workflow holds, as the dashboard list shows them.
async function listed(query = ''): Promise<Record<string, string[]>> {
  const response = await admin.get(`${DASHBOARD_PATHS.workflows}?kind_id=${t.kinds.vendor}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = WorkflowListPageSchema.parse(response.json());
  return Object.fromEntries(page.results.map((r) => [r.name, (r.badges ?? []).map((b) => b.tag)]));
}

function byBadge(tags: string[]) {
  const group: ConditionGroup = {
    compareType: 'AND',
    conditions: [{ field: 'workflow__badges', type: 'badge_tags', operator: 'in', value: tags }],
    groups: [],
  };
  return `&advanced_filters=${encodeURIComponent(JSON.stringify(group))}`;
}

describe('awarding (rules over answers and status)', () => {
  it('awards and withdraws a badge as answers change, in the list and its filter', async () => {
    const badge = await createBadge(admin);
    const big = await createVendorCheck(t, admin, 'Award big');
    const small = await createVendorCheck(t, admin, 'Award small');
    await answer(big, VC.spend, 5000);
    await answer(small, VC.spend, 10);
    await refreshTenantBadges(db, t.id);

    const held = await listed();
    expect(held['Award big']).toContain(badge.tag);
    expect(held['Award small']).not.toContain(badge.tag);
    expect(Object.keys(await listed(byBadge([badge.tag])))).toEqual(['Award big']);

    await answer(big, VC.spend, 20);
    await answer(small, VC.spend, 2000);
    await refreshTenantBadges(db, t.id);
    expect(Object.keys(await listed(byBadge([badge.tag])))).toEqual(['Award small']);
    const chips = (await listed())['Award small'];
    expect(chips).toContain(badge.tag);
  });

  it('awards by status when a step moves the workflow', async () => {
    const badge = await createBadge(admin, {
      kind_id: null,
      rule: {
        compareType: 'AND',
        conditions: [{ field: 'workflow__status', type: 'choice', operator: 'eq', value: 'in_review' }],
        groups: [],
      },
    });
    const id = await createVendorCheck(t, admin, 'Status mover');
    await refreshTenantBadges(db, t.id);
    expect((await listed())['Status mover']).not.toContain(badge.tag);
    await answer(id, VC.name, 'Mover Ltd');
    const submitted = await admin.post(`/api/v1/workflows/${id}/steps/${VC.intake}/submit/`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    await refreshTenantBadges(db, t.id);
    expect((await listed())['Status mover']).toContain(badge.tag);
  });

  it("evaluates a changed workflow when its page asks for its badges, before the job's refresh", async () => {
    const badge = await createBadge(admin);
    const id = await createVendorCheck(t, admin, 'Page header');
    await refreshTenantBadges(db, t.id);
    await answer(id, VC.spend, 7000);
    const response = await admin.get(BADGE_PATHS.workflow(id));
    expect(response.statusCode).toBe(200);
    const chips = WorkflowBadgesSchema.parse(response.json()).results;
    expect(chips.find((c) => c.tag === badge.tag)).toEqual({
      tag: badge.tag,
      label: 'Big spender',
      colour: '#e03131',
      icon: 'currency-dollar',
    });
  });

  it('recomputes every workflow when a rule changes, with its progress until done', async () => {
    const badge = await createBadge(admin, { rule: spendAtLeast(1_000_000) });
    const id = await createVendorCheck(t, admin, 'Recomputed');
    await answer(id, VC.spend, 500);
    await refreshTenantBadges(db, t.id);
    expect((await listed()).Recomputed).not.toContain(badge.tag);

    const changed = await admin.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(badge.id),
      payload: { rule: spendAtLeast(100) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const pending = BadgeDefinitionSchema.parse(changed.json()).recompute;
    expect(pending).toMatchObject({ done: 0 });
    expect(pending?.total).toBeGreaterThan(0);
    const outcome = await refreshTenantBadges(db, t.id);
    // A change of the label alone (the rule sent again as it is) starts no new walk.
    const relabelled = await admin.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(badge.id),
      payload: { label: 'Relabelled', rule: spendAtLeast(100), kind_id: t.kinds.vendor },
    });
    expect(BadgeDefinitionSchema.parse(relabelled.json()).recompute).toBeNull();
    expect(outcome.recomputed).toBeGreaterThan(0);
    expect((await listed()).Recomputed).toContain(badge.tag);
    const after = BadgeDefinitionSchema.parse((await admin.get(BADGE_PATHS.definition(badge.id))).json());
    expect(after.recompute).toBeNull();
    expect(after.workflow_count).toBeGreaterThan(0);
  });
});

describe('report columns badges and badge_tags (spec 2 §3.4)', () => {
  it('reads the held badges, groups by each tag, and filters on badge_tags', async () => {
    // Amounts no other test answers, so the report holds these two workflows alone.
    const spend = (op: 'eq' | 'gte' | 'lte', value: number) => ({
      field: `field__${VC.spend}`,
      type: 'integer' as const,
      operator: op,
      value,
    });
    const big = await createBadge(admin, {
      tag: 'report_big',
      label: 'Report big',
      rule: { compareType: 'AND', conditions: [spend('eq', 5151)], groups: [] },
    });
    const any = await createBadge(admin, {
      tag: 'report_any',
      label: 'Report any',
      rule: { compareType: 'AND', conditions: [spend('gte', 5149), spend('lte', 5151)], groups: [] },
    });
    const both = await createVendorCheck(t, admin, 'Report both');
    const one = await createVendorCheck(t, admin, 'Report one');
    await answer(both, VC.spend, 5151);
    await answer(one, VC.spend, 5149);
    await refreshTenantBadges(db, t.id);
    const onlyOurs = {
      type: 'AND',
      conditions: [{ lhs_source: 'workflow__badges', op: 'in', rhs_value: [any.tag] }],
    };
    const table = await admin.post(REPORT_PATHS.preview, {
      config: {
        kind_id: t.kinds.vendor,
        attributes: [
          { value: 'workflow__name' },
          { value: 'workflow__badges' },
          { value: 'workflow__badge_tags' },
        ],
        order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
        filters: onlyOurs,
      },
    });
    expect(table.statusCode, table.body).toBe(200);
    // Other tests' badges (on the same tenant) may hold these workflows too: ours are checked.
    const [header, ...rows] = ReportResultSchema.parse(table.json()).results;
    expect(header).toEqual(['Name', 'Badges', 'Badge tags']);
    expect(rows.map((r) => r[0])).toEqual(['Report both', 'Report one']);
    const cells = (row: unknown[] | undefined, column: number) => String(row?.[column]).split(', ');
    expect(cells(rows[0], 1)).toEqual(expect.arrayContaining(['Report any', 'Report big']));
    expect(cells(rows[0], 2)).toEqual(expect.arrayContaining([any.tag, big.tag]));
    expect(cells(rows[1], 2)).toContain(any.tag);
    expect(cells(rows[1], 2)).not.toContain(big.tag);
    const grouped = await admin.post(REPORT_PATHS.preview, {
      config: {
        kind_id: t.kinds.vendor,
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'workflow__badge_tags' }],
        filters: onlyOurs,
      },
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const groups = ReportResultSchema.parse(grouped.json()).results.slice(1);
    expect(groups).toEqual(
      expect.arrayContaining([
        [any.tag, 2],
        [big.tag, 1],
      ]),
    );
  });
});

describe('definitions: validation, archive and audit', () => {
  it("refuses a bad colour, tag, icon or rule with the spec's messages, writing nothing", async () => {
    const base = {
      tag: 'refused_one',
      label: 'Refused',
      colour: '#e03131',
      icon: 'star',
      kind_id: t.kinds.vendor,
      rule: spendAtLeast(1),
    };
    const colour = await admin.post(BADGE_PATHS.definitions, { ...base, colour: '#12345' });
    expect(colour.statusCode).toBe(400);
    expect(colour.body).toContain(BADGE_MESSAGES.colour);
    const tag = await admin.post(BADGE_PATHS.definitions, { ...base, tag: 'Bad Tag' });
    expect(tag.statusCode).toBe(400);
    expect(tag.body).toContain(BADGE_MESSAGES.tag);
    expect((await admin.post(BADGE_PATHS.definitions, { ...base, icon: 'unicorn' })).statusCode).toBe(400);
    const unknownField = await admin.post(BADGE_PATHS.definitions, {
      ...base,
      rule: {
        compareType: 'AND',
        conditions: [{ field: 'field__nope', operator: 'eq', value: 'x' }],
        groups: [],
      },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ code: 'invalid_rule' });
    const empty = await admin.post(BADGE_PATHS.definitions, {
      ...base,
      rule: { compareType: 'AND', conditions: [], groups: [] },
    });
    expect(empty.json().problems).toEqual([{ path: '', key: 'emptyGroup' }]);
    const onBadges = await admin.post(BADGE_PATHS.definitions, {
      ...base,
      rule: {
        compareType: 'AND',
        conditions: [{ field: 'workflow__badges', operator: 'in', value: ['x'] }],
        groups: [],
      },
    });
    expect(onBadges.json().detail).toBe(BADGE_MESSAGES.badgeInRule);
    const kind = await admin.post(BADGE_PATHS.definitions, { ...base, kind_id: 999_999_999 });
    expect(kind.json().detail).toBe(BADGE_MESSAGES.unknownKind);
    const rows = await adminDb
      .selectFrom('badge_definitions')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('tag', '=', 'refused_one')
      .execute();
    expect(rows).toEqual([]);

    const first = await createBadge(admin, { tag: 'taken_tag' });
    expect(first.tag).toBe('taken_tag');
    const twice = await admin.post(BADGE_PATHS.definitions, { ...base, tag: 'taken_tag' });
    expect(twice.json().detail).toBe(BADGE_MESSAGES.tagTaken);
  });

  it('a badge-tags filter with an empty value is invalid (spec 1 §5)', async () => {
    const response = await admin.get(`${DASHBOARD_PATHS.workflows}${byBadge([]).replace('&', '?')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().problems).toEqual([{ path: 'conditions.0', key: 'badgeTagsValueRequired' }]);
  });

  it('archives a held badge instead of deleting it, deletes one nobody holds, and audits each change', async () => {
    const held = await createBadge(admin);
    const id = await createVendorCheck(t, admin, 'Holder');
    await answer(id, VC.spend, 9000);
    await refreshTenantBadges(db, t.id);
    const archived = await admin.request({ method: 'DELETE', url: BADGE_PATHS.definition(held.id) });
    expect(archived.json()).toEqual({ outcome: 'archived' });
    expect((await listed()).Holder).not.toContain(held.tag);
    const archivedPage = BadgeDefinitionsPageSchema.parse(
      (await admin.get(`${BADGE_PATHS.definitions}?archived=true`)).json(),
    );
    expect(archivedPage.results.map((b) => b.tag)).toContain(held.tag);

    const unheld = await createBadge(admin, { rule: spendAtLeast(1_000_000_000) });
    const deleted = await admin.request({ method: 'DELETE', url: BADGE_PATHS.definition(unheld.id) });
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await admin.get(BADGE_PATHS.definition(unheld.id))).statusCode).toBe(404);

    const actions = await adminDb
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('tenant_id', '=', t.id)
      .where('action', 'like', 'badge_definition.%')
      .orderBy('id')
      .execute();
    const of = (badgeId: number) =>
      actions.filter((a) => (a.details as { badge_id?: number }).badge_id === badgeId).map((a) => a.action);
    expect(of(held.id)).toEqual(['badge_definition.created', 'badge_definition.archived']);
    expect(of(unheld.id)).toEqual(['badge_definition.created', 'badge_definition.deleted']);
  });

  it('pages the list on the server and searches label and tag', async () => {
    await createBadge(admin, { tag: 'paging_alpha', label: 'Paging Alpha' });
    await createBadge(admin, { tag: 'paging_beta', label: 'Paging Beta' });
    const page = BadgeDefinitionsPageSchema.parse(
      (await admin.get(`${BADGE_PATHS.definitions}?q=paging&limit=1`)).json(),
    );
    expect(page.count).toBe(2);
    expect(page.results.map((b) => b.tag)).toEqual(['paging_alpha']);
    expect(page.next).toBe(`${BADGE_PATHS.definitions}?q=paging&limit=1&offset=1`);
  });
});

describe('permissions and tenancy', () => {
  it('lets a viewer list but not create or change (403); no permission sees nothing', async () => {
    const badge = await createBadge(admin);
    expect((await member.get(BADGE_PATHS.definitions)).statusCode).toBe(200);
    expect((await member.get(BADGE_PATHS.definition(badge.id))).statusCode).toBe(200);
    const refused = await member.post(BADGE_PATHS.definitions, {
      tag: 'member_made',
      label: 'Nope',
      colour: '#000',
      icon: 'star',
      rule: spendAtLeast(1),
    });
    expect(refused.statusCode).toBe(403);
    const patch = await member.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(badge.id),
      payload: { label: 'Renamed' },
    });
    expect(patch.statusCode).toBe(403);
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(BADGE_PATHS.definitions)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's badge and workflow", async () => {
    const badge = await createBadge(admin);
    const id = await createVendorCheck(t, admin, 'Isolated');
    const other = await createTestTenant(adminDb);
    const otherAdminId = other.userIds[`admin@${other.slug}.test`];
    await grant(adminDb, other.id, Number(otherAdminId), [
      'can_view_badge_definitions',
      'can_change_badge_definitions',
    ]);
    const otherAdmin = TestClient.forTenant(app, other.slug);
    expect((await otherAdmin.signIn(`admin@${other.slug}.test`)).statusCode).toBe(200);
    expect((await otherAdmin.get(BADGE_PATHS.definition(badge.id))).statusCode).toBe(404);
    const patch = await otherAdmin.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(badge.id),
      payload: { label: 'Stolen' },
    });
    expect(patch.statusCode).toBe(404);
    const removed = await otherAdmin.request({ method: 'DELETE', url: BADGE_PATHS.definition(badge.id) });
    expect(removed.statusCode).toBe(404);
    expect((await otherAdmin.get(BADGE_PATHS.workflow(id))).statusCode).toBe(404);
    const theirs = BadgeDefinitionsPageSchema.parse((await otherAdmin.get(BADGE_PATHS.definitions)).json());
    expect(theirs.count).toBe(0);
  });
});
