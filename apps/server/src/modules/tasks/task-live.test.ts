import { TASK_ACTION_PATHS, userChannel, WORKFLOW_PATHS } from '@attest/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import { claim, createVendorCheck, taskTestTenant, VC } from '../../test/task-action-fixtures.js';
import { createTestApp } from '../../test/test-app.js';

// Issue 16 "live": after commit, each person whose task lists a change touches hears 'tasks.changed'
// on their own channel: the step's people, its groups' members and their delegates of today, before
// and after the change; never someone who cannot see the workflow.
const { app, adminDb, services } = await createTestApp();
const heard: OutgoingEvent[] = [];
services.realtime.forwardTo({ publish: (events) => heard.push(...events) });
beforeEach(() => {
  heard.length = 0;
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Who heard tasks.changed, as "user id:step tag", sorted.
function told(tenantId: string, users: Record<string, number>, workflowId: number) {
  const byChannel = new Map(
    Object.entries(users).map(([who, id]) => [userChannel(tenantId, String(id)), who]),
  );
  return (
    heard
      // A delegation's own events carry no workflow (the last test).
      .filter((e) => e.type === 'tasks.changed' && e.workflow_id !== null)
      .map((e) => {
        expect(e).toMatchObject({ group: 'step', workflow_id: workflowId, outcome: null });
        expect(e.data.workflow_id).toBe(workflowId);
        return `${byChannel.get(e.channel) ?? e.channel}:${String(e.data.step_tag).split('__').pop()}`;
      })
      .sort()
  );
}

describe('tasks.changed', () => {
  it('tells the group’s members of a claim and an unclaim', async () => {
    const t = await taskTestTenant(app, adminDb, { memberInAdmins: true });
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, admin);
    heard.length = 0;

    expect((await claim(member, id)).statusCode).toBe(200);
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:details']);
    heard.length = 0;
    expect((await member.post(TASK_ACTION_PATHS.unclaim(id, VC.intake), {})).statusCode).toBe(200);
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:details']);
  });

  it('tells the old and the new holder of a reassignment, and a delegate, but not one who cannot see it', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    // The supplier sees no region: their delegation does not make them hear of Europe's workflows.
    const toSupplier = await admin.post(TASK_ACTION_PATHS.delegations, {
      delegate_id: t.users.supplier,
      starts_on: day(0),
      ends_on: day(1),
    });
    expect(toSupplier.statusCode, toSupplier.body).toBe(201);
    expect((await claim(admin, id)).statusCode).toBe(200);
    expect(told(t.id, t.users, id)).toEqual(['admin:details']);
    heard.length = 0;

    const moved = await admin.post(TASK_ACTION_PATHS.reassign, {
      tasks: [{ workflow_id: id, step_tag: VC.intake }],
      user_id: t.users.member,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The admin still hears it through the group Admins; the member is its new holder.
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:details']);
  });

  it('follows a submit and an undo by someone else: the step that went and the one that opened', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, admin);
    expect((await claim(admin, id)).statusCode).toBe(200);
    // The review step opens next, assigned to the member.
    expect(
      (await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.review), { user_id: t.users.member })).statusCode,
    ).toBe(201);
    const delegation = await admin.post(TASK_ACTION_PATHS.delegations, {
      delegate_id: t.users.member,
      starts_on: day(0),
      ends_on: day(0),
    });
    expect(delegation.statusCode).toBe(201);
    await member.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    heard.length = 0;

    expect((await member.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(200);
    // The admin (its holder) and the member (the admin's delegate) lose the intake; the member gets
    // the review, and the admin hears nothing of a step not theirs.
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:decision', 'member:details']);
    heard.length = 0;

    expect((await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {})).statusCode).toBe(200);
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:decision', 'member:details']);
  });
  it('follows assignees added and removed on the process page, telling the one removed', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    heard.length = 0;
    const added = await admin.post(WORKFLOW_PATHS.stepUsers(id, VC.intake), { user_id: t.users.member });
    expect(added.statusCode).toBe(201);
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:details']);
    const row = (added.json().results as { id: number; user_id: number | null }[]).find(
      (r) => r.user_id === t.users.member,
    );
    heard.length = 0;
    const removed = await admin.request({
      method: 'DELETE',
      url: WORKFLOW_PATHS.stepUser(id, VC.intake, row?.id ?? 0),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(told(t.id, t.users, id)).toEqual(['admin:details', 'member:details']);
  });
  it('tells both people of a delegation given and revoked (the delegated tab changes)', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const given = await admin.post(TASK_ACTION_PATHS.delegations, {
      delegate_id: t.users.member,
      starts_on: day(0),
      ends_on: day(1),
    });
    expect(given.statusCode).toBe(201);
    const id = given.json().id as number;
    const channels = () =>
      heard
        .filter((e) => e.type === 'tasks.changed')
        .map((e) => [e.channel, e.workflow_id, e.data.delegation_id])
        .sort();
    const both = [
      [userChannel(t.id, String(t.users.admin)), null, id],
      [userChannel(t.id, String(t.users.member)), null, id],
    ];
    expect(channels()).toEqual(both);
    heard.length = 0;
    expect(
      (await admin.request({ method: 'DELETE', url: TASK_ACTION_PATHS.delegation(id) })).statusCode,
    ).toBe(204);
    expect(channels()).toEqual(both);
  });
});
