import { WORKFLOW_PATHS } from '@attest/shared';
import { sql } from 'kysely';
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

// Migration 0025: open_tasks is kept by triggers in the same transaction as the steps, their
// assignees and the workflows. After every change here, the table must equal the fold of the rows
// it is computed from (the migration's backfill query), row for row.

type Row = {
  workflow_id: string;
  step_tag: string;
  assignee_user_id: string | null;
  assignee_group_id: string | null;
  is_step_row: boolean;
  region_id: string;
  due_at: Date | null;
};

async function openTasks(tenantId: string): Promise<Row[]> {
  const result =
    await sql<Row>`select workflow_id, step_tag, assignee_user_id, assignee_group_id, is_step_row,
      region_id, due_at from open_tasks where tenant_id = ${tenantId}
    order by workflow_id, step_tag, assignee_user_id nulls first, assignee_group_id nulls first`.execute(
      adminDb,
    );
  return result.rows;
}

async function fold(tenantId: string): Promise<Row[]> {
  const result = await sql<Row>`select s.workflow_id, s.step_tag, u.user_id as assignee_user_id,
      u.group_id as assignee_group_id,
      row_number() over (partition by s.workflow_id, s.step_tag order by u.id) = 1 as is_step_row,
      w.region_id, s.sla_breach_at as due_at
    from workflow_steps s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    left join workflow_step_users u on u.tenant_id = s.tenant_id and u.workflow_id = s.workflow_id
      and u.step_tag = s.step_tag
    where s.tenant_id = ${tenantId} and s.state = 'enabled' and w.archived_at is null and w.test_environment is null
    order by s.workflow_id, s.step_tag, u.user_id nulls first, u.group_id nulls first`.execute(adminDb);
  return result.rows;
}

async function expectExact(t: WorkflowTestTenant) {
  expect(await openTasks(t.id)).toEqual(await fold(t.id));
}

const rowsOf = async (t: WorkflowTestTenant, id: number) =>
  (await openTasks(t.id)).filter((r) => r.workflow_id === String(id));

let t: WorkflowTestTenant;
let admin: TestClient;

beforeAll(async () => {
  t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_view_tasks']);
  admin = await t.signedIn('admin');
});

describe('open_tasks follows the workflows', () => {
  it('gets a row per assignee when a workflow starts, and one assignee-less row for a step nobody holds', async () => {
    const id = await createVendorCheck(t, admin);
    const rows = await rowsOf(t, id);
    // The intake is assigned to the group Admins (the definition's unknown group and user are skipped).
    expect(rows).toEqual([
      expect.objectContaining({
        step_tag: VC.intake,
        assignee_user_id: null,
        assignee_group_id: t.groupIds.Admins,
        is_step_row: true,
      }),
    ]);
    expect(rows[0]?.due_at).toBeInstanceOf(Date);
    await expectExact(t);
  });

  it('adds and removes rows with the step’s assignees', async () => {
    const id = await createVendorCheck(t, admin);
    const added = await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.intake), { user_id: t.users.member });
    expect(added.statusCode, added.body).toBe(201);
    expect((await rowsOf(t, id)).map((r) => [r.assignee_user_id, r.assignee_group_id])).toEqual([
      [null, t.groupIds.Admins],
      [String(t.users.member), null],
    ]);
    // Exactly one row of the step is its step row.
    expect((await rowsOf(t, id)).filter((r) => r.is_step_row)).toHaveLength(1);
    await expectExact(t);

    const list = (await admin.get(WORKFLOW_PATHS.stepUsers(id, VC.intake))).json().results as {
      id: number;
      user_id: number | null;
      group_id: number | null;
    }[];
    for (const assignee of list) {
      const removed = await admin.request({
        method: 'DELETE',
        url: WORKFLOW_PATHS.stepUser(id, VC.intake, assignee.id),
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    // Nobody holds it now: one row with both assignee columns null.
    expect(
      (await rowsOf(t, id)).map((r) => [r.assignee_user_id, r.assignee_group_id, r.is_step_row]),
    ).toEqual([[null, null, true]]);
    await expectExact(t);
  });

  it('moves to the next step on submit and back on undo', async () => {
    const id = await createVendorCheck(t, admin);
    expect(
      (await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' })).statusCode,
    ).toBe(200);
    const submitted = await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await rowsOf(t, id)).map((r) => r.step_tag)).toEqual([VC.review]);
    await expectExact(t);

    const undone = await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await rowsOf(t, id)).map((r) => r.step_tag)).toEqual([VC.intake]);
    await expectExact(t);
  });

  it('drops an archived workflow’s tasks', async () => {
    const id = await createVendorCheck(t, admin);
    expect(await rowsOf(t, id)).toHaveLength(1);
    const archived = await admin.post(WORKFLOW_PATHS.archive(id), {});
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    expect(await rowsOf(t, id)).toEqual([]);
    await expectExact(t);
  });

  it('follows a workflow moved to another region, an SLA change, and a deleted workflow', async () => {
    const id = await createVendorCheck(t, admin);
    const asia = String(t.ids.region('Asia'));
    await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'read');
    await adminDb
      .updateTable('workflows')
      .set({ region_id: asia, business_unit_id: null })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(id))
      .execute();
    expect((await rowsOf(t, id)).map((r) => r.region_id)).toEqual([asia]);

    const due = new Date('2030-01-02T03:04:05Z');
    await adminDb
      .updateTable('workflow_steps')
      .set({ sla_breach_at: due })
      .where('tenant_id', '=', t.id)
      .where('workflow_id', '=', String(id))
      .where('step_tag', '=', VC.intake)
      .execute();
    expect((await rowsOf(t, id)).map((r) => r.due_at)).toEqual([due]);
    await expectExact(t);

    await adminDb
      .deleteFrom('workflows')
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(id))
      .execute();
    expect(await rowsOf(t, id)).toEqual([]);
    await expectExact(t);
  });

  it('keeps rows for a bulk statement over many steps at once', async () => {
    const ids = [await createVendorCheck(t, admin), await createVendorCheck(t, admin)];
    // One statement closes both intakes and opens both reviews.
    await sql`update workflow_steps set state = case when step_tag = ${VC.intake} then 'completed' else 'enabled' end
      where tenant_id = ${t.id} and workflow_id = any(${ids.map(String)}::bigint[])`.execute(adminDb);
    for (const id of ids) expect((await rowsOf(t, id)).map((r) => r.step_tag)).toEqual([VC.review]);
    await expectExact(t);
  });
});
