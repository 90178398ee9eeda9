import {
  TASKS_PATHS,
  TaskCountsSchema,
  TaskListPageSchema,
  type TaskRow,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  grantRegion,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// GET /api/v1/tasks/ and /counts/ (docs/tasks.md). In workflowTestTenant the admin holds 'Can undo a
// step' (so may see all tasks) and here also Asia; the member, like the region-limited analyst, sees
// Europe only and is put in the group Admins; the supplier (a third-party user) reads Europe.

let t: WorkflowTestTenant;
let other: WorkflowTestTenant;
let admin: TestClient;
let member: TestClient;
let supplier: TestClient;
const w = { eu1: 0, eu2: 0, eu3: 0, eu4: 0, eu5: 0, asia: 0, otherTenant: 0 };

async function addUser(id: number, step: string, userId: number) {
  const response = await admin.post(WORKFLOW_PATHS.stepUsers(id, step), { user_id: userId });
  if (response.statusCode !== 201) throw new Error(`add user: ${response.body}`);
}

async function setDue(id: number, due: Date) {
  await adminDb
    .updateTable('workflow_steps')
    .set({ sla_breach_at: due })
    .where('tenant_id', '=', t.id)
    .where('workflow_id', '=', String(id))
    .where('state', '=', 'enabled')
    .execute();
}

beforeAll(async () => {
  [t, other] = await Promise.all([workflowTestTenant(app, adminDb), workflowTestTenant(app, adminDb)]);
  for (const who of [t.users.admin, t.users.member, t.users.supplier])
    await grant(adminDb, t.id, who, ['can_view_tasks']);
  await grant(adminDb, other.id, other.users.admin, ['can_view_tasks']);
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  await grantRegion(adminDb, t.id, t.users.supplier, t.ids.region('Europe'), 'read');
  await adminDb
    .insertInto('user_groups')
    .values({ tenant_id: t.id, user_id: String(t.users.member), group_id: t.groupIds.Admins as string })
    .execute();
  admin = await t.signedIn('admin');
  member = await t.signedIn('member');
  supplier = await t.signedIn('supplier');

  // Every intake is assigned to the group Admins by the definition.
  w.eu1 = await createVendorCheck(t, admin, 'Eu one');
  w.eu2 = await createVendorCheck(t, admin, 'Eu two');
  await addUser(w.eu2, VC.intake, t.users.member);
  w.eu3 = await createVendorCheck(t, admin, 'Eu three');
  await addUser(w.eu3, VC.intake, t.users.supplier);
  w.eu4 = await createVendorCheck(t, admin, 'Eu four');
  await admin.post(WORKFLOW_PATHS.answer(w.eu4), { field_tag: VC.name, value: 'Acme' });
  const submitted = await admin.post(WORKFLOW_PATHS.submitStep(w.eu4, VC.intake), {});
  if (submitted.statusCode !== 200) throw new Error(submitted.body);
  w.eu5 = await createVendorCheck(t, admin, 'Eu five');
  await addUser(w.eu5, VC.intake, t.users.admin);
  const asia = await admin.post(WORKFLOW_PATHS.workflows, {
    kind_id: t.kinds.vendor,
    name: 'Asia one',
    region_id: t.ids.region('Asia'),
    business_unit_id: t.ids.unit('Tokyo'),
  });
  if (asia.statusCode !== 201) throw new Error(asia.body);
  w.asia = asia.json().id;
  w.otherTenant = await createVendorCheck(other, await other.signedIn('admin'), 'Other tenant');

  // Due dates in a known order: eu1 two days late, then eu2, eu3, eu5, asia; eu4's review has none.
  const now = Date.now();
  const hours = (h: number) => new Date(now + h * 3_600_000);
  await setDue(w.eu1, hours(-49));
  // eu2 due later today (UTC, the day the buckets use): halfway to midnight, never past it.
  const midnight = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000;
  await setDue(w.eu2, new Date(now + (midnight - now) / 2));
  await setDue(w.eu3, hours(50));
  await setDue(w.eu5, hours(100));
  await setDue(w.asia, hours(24 * 30));
});

async function page(client: TestClient, query: string) {
  const response = await client.get(`${TASKS_PATHS.list}?${query}`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return TaskListPageSchema.parse(response.json());
}
const ids = async (client: TestClient, query: string) =>
  (await page(client, query)).results.map((r) => r.workflow_id);
const rowOf = (rows: TaskRow[], id: number) => rows.find((r) => r.workflow_id === id);

async function counts(client: TestClient, query = '') {
  const response = await client.get(`${TASKS_PATHS.counts}?${query}`);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return TaskCountsSchema.parse(response.json());
}

describe('the tabs', () => {
  it('mine: the steps the viewer is a user assignee of, soonest due first', async () => {
    expect(await ids(member, 'tab=mine')).toEqual([w.eu2]);
    expect(await ids(admin, 'tab=mine')).toEqual([w.eu5]);
  });

  it("group: the viewer's groups' steps within their regions, claimed ones showing who holds them", async () => {
    // The member is limited to Europe, so Asia's task of the same group is not theirs to see.
    const rows = (await page(member, 'tab=group')).results;
    expect(rows.map((r) => r.workflow_id)).toEqual([w.eu1, w.eu2, w.eu3, w.eu5]);
    expect(rowOf(rows, w.eu2)?.claimed_by).toEqual({ id: t.users.member, name: 'Max Member' });
    expect(rowOf(rows, w.eu3)?.claimed_by).toEqual({ id: t.users.supplier, name: 'Sue Supplier' });
    expect(rowOf(rows, w.eu1)?.claimed_by).toBeNull();
    expect(await ids(admin, 'tab=group')).toEqual([w.eu1, w.eu2, w.eu3, w.eu5, w.asia]);
  });

  it('all: every open step the viewer can see, once each; refused (403) without the right to reassign', async () => {
    expect(await ids(admin, 'tab=all')).toEqual([w.eu1, w.eu2, w.eu3, w.eu5, w.asia, w.eu4]);
    const refused = await member.get(`${TASKS_PATHS.list}?tab=all`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'task_tab_not_offered' });
  });

  it('a supplier sees only their own tasks, never their colleagues’ or all', async () => {
    expect(await ids(supplier, 'tab=mine')).toEqual([w.eu3]);
    for (const tab of ['group', 'delegated', 'all']) {
      expect((await supplier.get(`${TASKS_PATHS.list}?tab=${tab}`)).statusCode).toBe(403);
    }
    expect(await counts(supplier)).toEqual({ mine: 1, group: null, delegated: null, all: null });
  });

  it("never shows another tenant's tasks", async () => {
    const otherAdmin = await other.signedIn('admin');
    expect(await ids(otherAdmin, 'tab=all')).toEqual([w.otherTenant]);
    expect(await ids(admin, 'tab=all')).not.toContain(w.otherTenant);
  });

  it("needs 'Can view tasks' (403)", async () => {
    const without = await other.signedIn('member');
    expect((await without.get(`${TASKS_PATHS.list}?tab=mine`)).statusCode).toBe(403);
    expect((await without.get(TASKS_PATHS.counts)).statusCode).toBe(403);
  });

  it('delegated: the tasks of people who delegate to the viewer today, saying for whom', async () => {
    expect(await ids(member, 'tab=delegated')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const [delegation] = await adminDb
      .insertInto('task_delegations')
      .values({
        tenant_id: t.id,
        delegator_id: String(t.users.admin),
        delegate_id: String(t.users.member),
        starts_on: today,
        ends_on: today,
      })
      .returning('id')
      .execute();
    const rows = (await page(member, 'tab=delegated')).results;
    expect(rows.map((r) => r.workflow_id)).toEqual([w.eu5]);
    expect(rows[0]?.delegated_from).toEqual({ id: t.users.admin, name: 'Ada Admin' });
    expect((await counts(member)).delegated).toBe(1);

    // Out of its date range (it started tomorrow), the delegation gives nothing.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await adminDb
      .updateTable('task_delegations')
      .set({ starts_on: tomorrow, ends_on: tomorrow })
      .where('id', '=', delegation?.id as string)
      .execute();
    expect(await ids(member, 'tab=delegated')).toEqual([]);
    await adminDb
      .deleteFrom('task_delegations')
      .where('id', '=', delegation?.id as string)
      .execute();
  });

  it('counts match the lists', async () => {
    for (const [client, tabs] of [
      [member, ['mine', 'group', 'delegated']],
      [admin, ['mine', 'group', 'delegated', 'all']],
    ] as const) {
      const tabCounts = await counts(client);
      for (const tab of tabs) expect(tabCounts[tab], tab).toBe((await page(client, `tab=${tab}`)).count);
    }
    expect((await counts(member)).all).toBeNull();
    expect(await counts(member)).toMatchObject({ mine: 1, group: 4, delegated: 0 });
  });
});

describe('a task row', () => {
  it("names the step from the workflow's definition and says what the viewer may do", async () => {
    const rows = (await page(member, 'tab=group')).results;
    expect(rowOf(rows, w.eu1)).toMatchObject({
      workflow_name: 'Eu one',
      kind: { id: t.kinds.vendor, tag: 'vendor_check', name: 'Vendor Check' },
      status: { name: 'Draft', color_code: '#868e96' },
      step: { tag: VC.intake, name: 'Details' },
      step_group: { tag: 'vendor_check__intake', name: 'Intake' },
      region: { id: t.ids.region('Europe'), name: 'Europe' },
      business_unit: { id: t.ids.unit('Paris'), name: 'Paris' },
      assignees: [{ kind: 'group', id: Number(t.groupIds.Admins), name: 'Admins' }],
      overdue_days: 3,
      type: 'delayed',
      follow_up_on: null,
      delegated_from: null,
      is_locked: false,
      actions: { claim: true, unclaim: false, reassign: false },
    });
    // Due within 24 hours, and the member's own claim of a group task.
    expect(rowOf(rows, w.eu2)).toMatchObject({
      type: 'to-be-delayed',
      overdue_days: 0,
      actions: { claim: false, unclaim: true, reassign: false },
    });
    expect(rowOf(rows, w.eu3)?.type).toBe('neutral');
    const mine = (await page(admin, 'tab=mine')).results;
    expect(mine[0]).toMatchObject({
      type: 'my-task',
      actions: { claim: false, unclaim: true, reassign: true },
    });
  });

  it('carries the open alerts and the viewer’s follow-up date', async () => {
    await adminDb
      .insertInto('task_follow_ups')
      .values({
        tenant_id: t.id,
        user_id: String(t.users.member),
        workflow_id: String(w.eu1),
        step_tag: VC.intake,
        follow_up_on: '2031-05-06',
      })
      .execute();
    await adminDb
      .insertInto('workflow_alerts')
      .values(
        (['A', 'R'] as const).map((color, i) => ({
          tenant_id: t.id,
          workflow_id: String(w.eu1),
          rule_tag: `rule_${i}`,
          alert_tag: 'spend',
          cat_color_label: color,
          step_group_tag: 'vendor_check__intake',
          step_tag: VC.intake,
        })),
      )
      .execute();
    const row = rowOf((await page(member, 'tab=group')).results, w.eu1);
    expect(row).toMatchObject({ follow_up_on: '2031-05-06', alert_count: 2, alert_color: 'R' });
    // The follow-up date is the member's own.
    expect(rowOf((await page(admin, 'tab=group')).results, w.eu1)?.follow_up_on).toBeNull();
  });
});

describe('filters, sorting and paging', () => {
  it('filters by due bucket', async () => {
    expect(await ids(admin, 'tab=all&due=overdue')).toEqual([w.eu1]);
    expect(await ids(admin, 'tab=all&due=today')).toEqual([w.eu2]);
    expect(await ids(admin, 'tab=all&due=week')).toEqual([w.eu3, w.eu5]);
    expect(await ids(admin, 'tab=all&due=later')).toEqual([w.asia]);
    expect(await ids(admin, 'tab=all&due=none')).toEqual([w.eu4]);
  });

  it('filters by kind, status, region, business unit and assignee', async () => {
    expect(await ids(admin, `tab=all&kind_id=${t.kinds.sub}`)).toEqual([]);
    expect(await ids(admin, `tab=all&kind_id=${t.kinds.vendor}&region_id=${t.ids.region('Asia')}`)).toEqual([
      w.asia,
    ]);
    expect(await ids(admin, `tab=group&business_unit_id=${t.ids.unit('Tokyo')}`)).toEqual([w.asia]);
    const review = rowOf((await page(admin, 'tab=all')).results, w.eu4);
    expect(await ids(admin, `tab=all&status_id=${review?.status?.id}`)).toEqual([w.eu4]);
    expect(await ids(admin, `tab=all&assignee_id=${t.users.member}`)).toEqual([w.eu2]);
    expect((await page(admin, `tab=all&assignee_id=${t.users.member}`)).count).toBe(1);
  });

  it('sorts by due date either way, by age and by workflow', async () => {
    const due = await ids(admin, 'tab=all&sort=due');
    expect(await ids(admin, 'tab=all&sort=-due')).toEqual([...due].reverse());
    const byWorkflow = await ids(admin, 'tab=all&sort=workflow');
    expect(byWorkflow).toEqual([...byWorkflow].sort((a, b) => a - b));
    const age = await ids(admin, 'tab=all&sort=age');
    expect(await ids(admin, 'tab=all&sort=-age')).toEqual([...age].reverse());
  });

  it('pages on the server with next and previous links', async () => {
    const all = await ids(admin, 'tab=all');
    const first = await page(admin, 'tab=all&limit=2');
    expect(first.results.map((r) => r.workflow_id)).toEqual(all.slice(0, 2));
    expect(first.count).toBe(all.length);
    expect(first.next).toContain('offset=2');
    const second = await page(admin, 'tab=all&limit=2&offset=2');
    expect(second.results.map((r) => r.workflow_id)).toEqual(all.slice(2, 4));
    expect(second.previous).toContain('offset=0');
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'tab=nope',
      'tab=mine&sort=name',
      'tab=mine&limit=101',
      'tab=mine&due=soon',
      'tab=mine&kind_id=x',
      '',
    ]) {
      expect((await admin.get(`${TASKS_PATHS.list}?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('region limits on a person’s own tasks', () => {
  it('leaves out a step assigned to the viewer in a region they cannot see', async () => {
    const created = await admin.post(WORKFLOW_PATHS.workflows, {
      kind_id: t.kinds.vendor,
      name: 'Asia two',
      region_id: t.ids.region('Asia'),
      business_unit_id: t.ids.unit('Tokyo'),
    });
    const asia2 = created.json().id as number;
    await addUser(asia2, VC.intake, t.users.member);
    // The member is on the step, but limited to Europe: it is not theirs to see, nor to count.
    expect(await ids(member, 'tab=mine')).toEqual([w.eu2]);
    expect((await counts(member)).mine).toBe(1);
    expect(await ids(admin, `tab=all&assignee_id=${t.users.member}`)).toEqual([w.eu2, asia2]);
  });
});
