import { REASSIGN_MAX_TASKS, TASK_ACTION_MESSAGES, TASK_ACTION_PATHS } from '@attest/shared';
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

// Issue 16: a coordinator ('Can undo a step', REASSIGN_PERMISSION) hands tasks to one person; all or
// nothing, up to 100 a call.

const intake = (workflow_id: number) => ({ workflow_id, step_tag: VC.intake });

describe('reassign tasks', () => {
  it('replaces the people on each step with the target, keeps the groups, logs each step', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const first = await createVendorCheck(t, admin, 'First');
    const second = await createVendorCheck(t, admin, 'Second');
    expect((await claim(admin, first)).statusCode).toBe(200);

    const response = await admin.post(TASK_ACTION_PATHS.reassign, {
      tasks: [intake(second), intake(first)],
      user_id: t.users.member,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toHaveLength(2);
    for (const id of [first, second]) expect(await userAssignees(admin, id)).toEqual([t.users.member]);
    const groups = await admin.get(`/api/v1/workflows/${first}/steps/${VC.intake}/users/`);
    expect(
      groups.json().results.some((r: { group_id: number | null }) => r.group_id === t.adminsGroupId),
    ).toBe(true);
    const logged = (await activityEvents(adminDb, t.id, first)).filter(
      (a) => a.details.event === 'task_reassigned',
    );
    expect(logged.map((a) => a.details)).toEqual([
      {
        event: 'task_reassigned',
        user_id: t.users.member,
        name: 'Max Member',
        from: [{ user_id: t.users.admin, name: 'Ada Admin' }],
      },
    ]);
  });

  it('is refused without the permission (403), changing nothing', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    expect((await claim(admin, id)).statusCode).toBe(200);
    const member = await t.signedIn('member');
    const response = await member.post(TASK_ACTION_PATHS.reassign, {
      tasks: [intake(id)],
      user_id: t.users.member,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'reassign_not_allowed',
      detail: TASK_ACTION_MESSAGES.reassign_not_allowed,
    });
    expect(await userAssignees(admin, id)).toEqual([t.users.admin]);
  });

  it('is all or nothing: one invisible, closed or unknown task leaves every other one as it was', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const other = await taskTestTenant(app, adminDb);
    const foreign = await createVendorCheck(other, await other.signedIn('admin'));

    const cases = [
      { task: intake(foreign), status: 404 },
      { task: { workflow_id: id, step_tag: VC.review }, status: 400, code: 'task_not_open' },
      { task: { workflow_id: id, step_tag: 'nope' }, status: 400, code: 'unknown_step' },
    ];
    const second = await createVendorCheck(t, admin, 'Second');
    for (const c of cases) {
      const response = await admin.post(TASK_ACTION_PATHS.reassign, {
        tasks: [intake(second), c.task],
        user_id: t.users.member,
      });
      expect(response.statusCode, response.body).toBe(c.status);
      if (c.code) expect(response.json().code).toBe(c.code);
      expect(await userAssignees(admin, second)).toEqual([]);
    }
    expect(await activityEvents(adminDb, t.id, second)).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ event: 'task_reassigned' }) }),
    );
  });

  it('refuses a target who cannot see the workflow, one of another tenant, duplicates and too many', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const other = await taskTestTenant(app, adminDb);

    const cannotSee = await admin.post(TASK_ACTION_PATHS.reassign, {
      tasks: [intake(id)],
      user_id: t.users.supplier,
    });
    expect(cannotSee.json()).toEqual({
      code: 'reassign_user_cannot_see',
      detail: TASK_ACTION_MESSAGES.reassign_user_cannot_see,
    });
    const stranger = await admin.post(TASK_ACTION_PATHS.reassign, {
      tasks: [intake(id)],
      user_id: other.users.member,
    });
    expect(stranger.json().code).toBe('reassign_user_not_found');
    const twice = await admin.post(TASK_ACTION_PATHS.reassign, {
      tasks: [intake(id), intake(id)],
      user_id: t.users.member,
    });
    expect(twice.json().code).toBe('reassign_duplicate_task');
    const many = Array.from({ length: REASSIGN_MAX_TASKS + 1 }, (_, i) => intake(i + 1));
    const tooMany = await admin.post(TASK_ACTION_PATHS.reassign, { tasks: many, user_id: t.users.member });
    expect(tooMany.statusCode).toBe(400);
    const none = await admin.post(TASK_ACTION_PATHS.reassign, { tasks: [], user_id: t.users.member });
    expect(none.statusCode).toBe(400);
    expect(await userAssignees(admin, id)).toEqual([]);
  });
});
