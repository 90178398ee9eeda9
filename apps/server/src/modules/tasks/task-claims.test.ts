import { claimedMessage, TASK_ACTION_MESSAGES, TASK_ACTION_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  activityEvents,
  claim,
  createVendorCheck,
  taskTestTenant,
  userAssignees,
  VC,
} from '../../test/task-action-fixtures.js';
import { createTestApp } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

// Issue 16: claiming a group's task never overrides an assignee (the second of two claims is a 409
// naming who holds it); unclaiming gives back only one's own claim.

describe('claim a task', () => {
  it('makes a group task the claimer’s, in the activity log and the audit trail', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const member = await t.signedIn('member');

    const response = await claim(member, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await userAssignees(admin, id)).toEqual([t.users.member]);
    const claimed = (await activityEvents(adminDb, t.id, id)).filter(
      (a) => a.details.event === 'task_claimed',
    );
    expect(claimed).toEqual([
      {
        actor_user_id: String(t.users.member),
        step_tag: VC.intake,
        details: { event: 'task_claimed', user_id: t.users.member, name: 'Max Member' },
      },
    ]);
    const audit = await adminDb
      .selectFrom('audit_events')
      .select(['details'])
      .where('tenant_id', '=', t.id)
      .where('action', '=', 'step.assignees_changed')
      .execute();
    expect(audit.map((a) => a.details.via)).toEqual(['claim']);
    // Claiming one's own task again changes nothing.
    expect((await claim(member, id)).statusCode).toBe(200);
    expect(await userAssignees(admin, id)).toEqual([t.users.member]);
  });

  it('answers exactly one of two simultaneous claims; the other is a 409 naming the holder', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    for (let round = 0; round < 3; round++) {
      const id = await createVendorCheck(t, admin, `Race ${round}`);
      const [a, b] = await Promise.all([claim(admin, id), claim(member, id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [t.users.admin, b] : [t.users.member, a];
      const winnerName = winner === t.users.admin ? 'Ada Admin' : 'Max Member';
      expect(loser.json()).toEqual({ code: 'task_already_claimed', detail: claimedMessage(winnerName) });
      expect(await userAssignees(admin, id)).toEqual([winner]);
    }
  });

  it('refuses a task of a group the viewer is not in (403), a closed step (400) and an unknown one', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const member = await t.signedIn('member');

    const notMine = await claim(member, id);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({
      code: 'task_not_claimable',
      detail: TASK_ACTION_MESSAGES.task_not_claimable,
    });
    const closed = await claim(member, id, VC.review);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().code).toBe('task_not_open');
    expect((await claim(member, id, 'no_such_step')).json().code).toBe('unknown_step');
    expect(await userAssignees(admin, id)).toEqual([]);
  });

  it('lets anyone who may change the workflow claim a step nobody holds', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(200);
    const member = await t.signedIn('member');
    expect((await claim(member, id, VC.review)).statusCode).toBe(200);
    expect(await userAssignees(admin, id, VC.review)).toEqual([t.users.member]);
  });

  it('is 404 for a workflow the viewer cannot see or another tenant’s, 403 without Can view tasks', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const supplier = await t.signedIn('supplier');
    const other = await taskTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');

    for (const client of [supplier, stranger]) {
      expect((await claim(client, id)).statusCode).toBe(404);
      expect((await client.post(TASK_ACTION_PATHS.unclaim(id, VC.intake), {})).statusCode).toBe(404);
    }
    await adminDb
      .deleteFrom('user_permissions')
      .where('tenant_id', '=', t.id)
      .where('codename', '=', 'can_view_tasks')
      .execute();
    const member = await t.signedIn('member');
    expect((await claim(member, id)).statusCode).toBe(403);
    expect(await userAssignees(admin, id)).toEqual([]);
  });
});

describe('unclaim a task', () => {
  it('gives the viewer’s own claim back to the group, and refuses anyone else’s', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const member = await t.signedIn('member');
    expect((await claim(admin, id)).statusCode).toBe(200);

    const notTheirs = await member.post(TASK_ACTION_PATHS.unclaim(id, VC.intake), {});
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toEqual({
      code: 'task_not_claimed_by_you',
      detail: TASK_ACTION_MESSAGES.task_not_claimed_by_you,
    });
    expect(await userAssignees(admin, id)).toEqual([t.users.admin]);

    const mine = await admin.post(TASK_ACTION_PATHS.unclaim(id, VC.intake), {});
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await userAssignees(admin, id)).toEqual([]);
    const events = (await activityEvents(adminDb, t.id, id)).map((a) => a.details.event);
    expect(events.filter((e) => String(e).startsWith('task_'))).toEqual(['task_claimed', 'task_unclaimed']);
    // The group's task is claimable again.
    expect((await claim(member, id)).statusCode).toBe(200);
  });
  it('gives back a claim of a step nobody held, but not a direct assignment shared with others', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(200);
    const unclaim = () => member.post(TASK_ACTION_PATHS.unclaim(id, VC.review), {});

    expect((await claim(member, id, VC.review)).statusCode).toBe(200);
    expect((await unclaim()).statusCode).toBe(200);
    expect(await userAssignees(admin, id, VC.review)).toEqual([]);

    for (const user of [t.users.member, t.users.admin]) {
      expect((await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: user })).statusCode).toBe(
        201,
      );
    }
    expect((await unclaim()).json().code).toBe('task_not_claimed_by_you');
    expect(await userAssignees(admin, id, VC.review)).toEqual(
      [t.users.admin, t.users.member].sort((a, b) => a - b),
    );
  });
});
