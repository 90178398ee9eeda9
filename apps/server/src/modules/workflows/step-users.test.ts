import { StepUsersSchema, WORKFLOW_MESSAGES, WORKFLOW_PATHS, WorkflowDetailSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// Issue 12 finding 9: who may change a step's assignees. In workflowTestTenant the admin holds
// 'Can undo a step' (the reassign permission); the member, like the region-limited analyst of the
// probe, sees and changes Europe's workflows but holds no workflow permission.

const forbidden = { detail: WORKFLOW_MESSAGES.assignees_not_allowed, code: 'assignees_not_allowed' };

async function assignees(client: TestClient, id: number, step = VC.review) {
  const response = await client.get(WORKFLOW_PATHS.stepUsers(id, step));
  expect(response.statusCode).toBe(200);
  return StepUsersSchema.parse(response.json()).results;
}

function remove(client: TestClient, id: number, assigneeId: number, step = VC.review) {
  return client.request({ method: 'DELETE', url: WORKFLOW_PATHS.stepUser(id, step, assigneeId) });
}

// A vendor check whose review step has the given users on it, added by the admin.
async function reviewWith(t: WorkflowTestTenant, users: number[]) {
  const admin = await t.signedIn('admin');
  const id = await createVendorCheck(t, admin);
  for (const user of users) {
    const added = await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: user });
    expect(added.statusCode, added.body).toBe(201);
  }
  const rows = await assignees(admin, id);
  const rowOf = (user: number) => {
    const row = rows.find((a) => a.user_id === user);
    if (!row) throw new Error(`user ${user} is not on the step`);
    return row.id;
  };
  return { admin, id, rowOf };
}

function auditRows(t: WorkflowTestTenant) {
  return adminDb
    .selectFrom('audit_events')
    .select(['action', 'actor_user_id', 'target_user_id', 'details'])
    .where('tenant_id', '=', t.id)
    .where('action', '=', 'step.assignees_changed')
    .orderBy('id')
    .execute();
}

describe('who may change a step’s assignees', () => {
  it('refuses someone who can see the step but is not on it (403), and changes nothing', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { id, rowOf } = await reviewWith(t, [t.users.admin]);
    const member = await t.signedIn('member');

    const removed = await remove(member, id, rowOf(t.users.admin));
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual(forbidden);
    const added = await member.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: t.users.member });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual(forbidden);

    expect((await assignees(member, id)).map((a) => a.user_id)).toEqual([t.users.admin]);
    // Only the admin's own addition is in the trail.
    expect((await auditRows(t)).map((r) => r.details.change)).toEqual(['added']);
    // The process page is told, so it offers no control the server would refuse.
    const detail = WorkflowDetailSchema.parse((await member.get(WORKFLOW_PATHS.workflow(id))).json());
    expect(detail.steps.find((s) => s.tag === VC.review)?.can_change_assignees).toBe(false);
  });

  it("lets one of the step's assignees take someone else off it, in the audit trail", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { id, rowOf } = await reviewWith(t, [t.users.admin, t.users.member]);
    const member = await t.signedIn('member');
    const detail = WorkflowDetailSchema.parse((await member.get(WORKFLOW_PATHS.workflow(id))).json());
    expect(detail.steps.find((s) => s.tag === VC.review)?.can_change_assignees).toBe(true);

    const removed = await remove(member, id, rowOf(t.users.admin));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(StepUsersSchema.parse(removed.json()).results.map((a) => a.user_id)).toEqual([t.users.member]);

    const trail = await auditRows(t);
    expect(trail.at(-1)).toMatchObject({
      actor_user_id: String(t.users.member),
      target_user_id: String(t.users.admin),
      details: { workflow_id: id, step_tag: VC.review, change: 'removed', user_id: t.users.admin },
    });
  });

  it("lets a holder of 'Can undo a step' change a step they are not on", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { admin, id, rowOf } = await reviewWith(t, [t.users.member]);
    const removed = await remove(admin, id, rowOf(t.users.member));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await assignees(admin, id)).toEqual([]);
    expect((await auditRows(t)).map((r) => r.details.change)).toEqual(['added', 'removed']);
  });

  it('lets a member of an assigned group change the step', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { admin, id } = await reviewWith(t, []);
    const group = await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.review), {
      group_id: Number(t.groupIds.Members),
    });
    expect(group.statusCode).toBe(201);
    const member = await t.signedIn('member');
    const added = await member.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: t.users.admin });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('lets anyone who can change the workflow claim a step nobody holds, and only for themselves', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { id } = await reviewWith(t, []);
    const member = await t.signedIn('member');
    const detail = WorkflowDetailSchema.parse((await member.get(WORKFLOW_PATHS.workflow(id))).json());
    expect(detail.steps.find((s) => s.tag === VC.review)?.assignees).toEqual([]);

    const someoneElse = await member.post(WORKFLOW_PATHS.stepUsers(id, VC.review), {
      user_id: t.users.admin,
    });
    expect(someoneElse.statusCode).toBe(403);
    const claimed = await member.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: t.users.member });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await assignees(member, id)).map((a) => a.user_id)).toEqual([t.users.member]);
  });

  it('always lets people take themselves off a step', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { id, rowOf } = await reviewWith(t, [t.users.member]);
    const member = await t.signedIn('member');
    const removed = await remove(member, id, rowOf(t.users.member));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await assignees(member, id)).toEqual([]);
    expect((await auditRows(t)).at(-1)).toMatchObject({
      actor_user_id: String(t.users.member),
      target_user_id: String(t.users.member),
      details: { change: 'removed' },
    });
  });

  it("answers 404 to another tenant's user, even one holding the permission", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const { admin, id, rowOf } = await reviewWith(t, [t.users.admin]);
    const other = await workflowTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    expect((await remove(stranger, id, rowOf(t.users.admin))).statusCode).toBe(404);
    expect(
      (await stranger.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: other.users.admin }))
        .statusCode,
    ).toBe(404);
    expect((await assignees(admin, id)).map((a) => a.user_id)).toEqual([t.users.admin]);
  });
});
