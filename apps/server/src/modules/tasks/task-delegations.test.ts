import { DelegationsSchema, TASK_ACTION_MESSAGES, TASK_ACTION_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import {
  activityEvents,
  claim,
  createVendorCheck,
  taskTestTenant,
  VC,
} from '../../test/task-action-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

// Issue 16: delegation for a date range (both see it; the delegate's acts record on whose behalf)
// and a person's own follow-up date on a task.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function delegate(client: TestClient, delegate_id: number, starts_on: string, ends_on: string) {
  return client.post(TASK_ACTION_PATHS.delegations, { delegate_id, starts_on, ends_on });
}

async function delegations(client: TestClient) {
  const response = await client.get(TASK_ACTION_PATHS.delegations);
  expect(response.statusCode, response.body).toBe(200);
  return DelegationsSchema.parse(response.json());
}

describe('delegations', () => {
  it('are seen by both people, active only in their range, and revoked by the delegator alone', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');

    const now = await delegate(admin, t.users.member, day(-1), day(3));
    expect(now.statusCode, now.body).toBe(201);
    expect(now.json()).toMatchObject({
      delegator: { id: t.users.admin, name: 'Ada Admin' },
      delegate: { id: t.users.member, name: 'Max Member' },
      starts_on: day(-1),
      ends_on: day(3),
      active: true,
    });
    const later = await delegate(admin, t.users.member, day(10), day(12));
    expect(later.json().active).toBe(false);

    const given = await delegations(admin);
    expect(given.given.map((d) => [d.starts_on, d.active])).toEqual([
      [day(-1), true],
      [day(10), false],
    ]);
    expect(given.received).toEqual([]);
    expect((await delegations(member)).received.map((d) => d.id)).toEqual(given.given.map((d) => d.id));

    const id = now.json().id as number;
    expect(
      (await member.request({ method: 'DELETE', url: TASK_ACTION_PATHS.delegation(id) })).statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: TASK_ACTION_PATHS.delegation(id) })).statusCode,
    ).toBe(204);
    expect((await delegations(member)).received.map((d) => d.id)).toEqual([later.json().id]);
  });

  it('are in the audit trail when given and revoked, and a refused one leaves no entry', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const given = await delegate(admin, t.users.member, day(0), day(4));
    expect(given.statusCode, given.body).toBe(201);
    const id = given.json().id as number;
    expect((await delegate(admin, t.users.supplier, day(1), day(2))).statusCode).toBe(400);
    expect(
      (await member.request({ method: 'DELETE', url: TASK_ACTION_PATHS.delegation(id) })).statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: TASK_ACTION_PATHS.delegation(id) })).statusCode,
    ).toBe(204);

    const audit = await adminDb
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'target_user_id', 'details'])
      .where('tenant_id', '=', t.id)
      .where('action', 'like', 'task_delegation.%')
      .orderBy('id')
      .execute();
    const details = { delegation_id: id, delegate_id: t.users.member, starts_on: day(0), ends_on: day(4) };
    expect(audit).toEqual(
      ['task_delegation.given', 'task_delegation.revoked'].map((action) => ({
        action,
        actor_user_id: String(t.users.admin),
        target_user_id: String(t.users.member),
        details,
      })),
    );
  });

  it('refuses oneself, an end in the past or before the start, an overlap and an unknown person', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const other = await taskTestTenant(app, adminDb);
    expect((await delegate(admin, t.users.member, day(0), day(5))).statusCode).toBe(201);
    const cases: [number, string, string, string][] = [
      [t.users.admin, day(0), day(1), 'delegation_self'],
      [t.users.member, day(-5), day(-1), 'delegation_ends_in_past'],
      [t.users.member, day(4), day(2), 'delegation_ends_before_start'],
      [t.users.supplier, day(5), day(8), 'delegation_overlaps'],
      [other.users.member, day(20), day(21), 'delegation_user_not_found'],
    ];
    for (const [who, from, to, code] of cases) {
      const response = await delegate(admin, who, from, to);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({
        code,
        detail: TASK_ACTION_MESSAGES[code as keyof typeof TASK_ACTION_MESSAGES],
      });
    }
    const badDay = await delegate(admin, t.users.member, '2026-02-30', day(40));
    expect(badDay.statusCode).toBe(400);
    expect((await delegations(admin)).given).toHaveLength(1);
    // Another tenant's people never see it.
    expect(await delegations(await other.signedIn('admin'))).toEqual({ given: [], received: [] });
  });

  it('records on whose behalf a delegate submits or undoes a task, only while the delegation is in force', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const submitAs = async (client: TestClient, id: number) => {
      await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
      const response = await client.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
      expect(response.statusCode, response.body).toBe(200);
      const entries = await activityEvents(adminDb, t.id, id);
      return entries.find((e) => e.details.event === 'step_submitted')?.details;
    };

    // Out of range (it starts tomorrow): the submission is the member's own.
    expect((await delegate(admin, t.users.member, day(1), day(2))).statusCode).toBe(201);
    const before = await createVendorCheck(t, admin, 'Before');
    expect((await claim(admin, before)).statusCode).toBe(200);
    expect(await submitAs(member, before)).toEqual({ event: 'step_submitted' });

    // In range: on the admin's behalf.
    expect((await delegate(admin, t.users.member, day(0), day(0))).statusCode).toBe(201);
    const during = await createVendorCheck(t, admin, 'During');
    expect((await claim(admin, during)).statusCode).toBe(200);
    expect(await submitAs(member, during)).toEqual({
      event: 'step_submitted',
      on_behalf_of: { id: t.users.admin, name: 'Ada Admin' },
    });
    // Undoing it for the admin says so too.
    await grant(adminDb, t.id, t.users.member, ['can_undo_step']);
    expect((await member.post(WORKFLOW_PATHS.undoStep(during, VC.intake), {})).statusCode).toBe(200);
    const undone = (await activityEvents(adminDb, t.id, during)).find(
      (e) => e.details.event === 'step_undone',
    );
    expect(undone?.details).toEqual({
      event: 'step_undone',
      on_behalf_of: { id: t.users.admin, name: 'Ada Admin' },
    });
    // The admin's own submission is not on anyone's behalf.
    const own = await createVendorCheck(t, admin, 'Own');
    expect((await claim(admin, own)).statusCode).toBe(200);
    expect(await submitAs(admin, own)).toEqual({ event: 'step_submitted' });
  });

  it('need Can view tasks', async () => {
    const t = await taskTestTenant(app, adminDb);
    await adminDb
      .deleteFrom('user_permissions')
      .where('tenant_id', '=', t.id)
      .where('codename', '=', 'can_view_tasks')
      .execute();
    const admin = await t.signedIn('admin');
    expect((await admin.get(TASK_ACTION_PATHS.delegations)).statusCode).toBe(403);
    expect((await delegate(admin, t.users.member, day(0), day(1))).statusCode).toBe(403);
  });
});

describe('follow-up dates', () => {
  it('are set and cleared per person, seen by no one else, and 404 on a workflow one cannot see', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, admin);
    const url = TASK_ACTION_PATHS.followUp(id, VC.intake);
    const put = (client: TestClient, follow_up_on: string | null) =>
      client.request({ method: 'PUT', url, payload: { follow_up_on } });

    const set = await put(admin, day(2));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ workflow_id: id, step_tag: VC.intake, follow_up_on: day(2) });
    expect((await put(admin, day(3))).statusCode).toBe(200);
    expect((await put(member, day(9))).statusCode).toBe(200);
    const rows = () =>
      adminDb
        .selectFrom('task_follow_ups')
        .select(['user_id', (eb) => eb.cast<string>('follow_up_on', 'text').as('on')])
        .where('tenant_id', '=', t.id)
        .orderBy('user_id')
        .execute();
    expect(await rows()).toEqual([
      { user_id: String(t.users.admin), on: day(3) },
      { user_id: String(t.users.member), on: day(9) },
    ]);
    expect((await put(admin, null)).json().follow_up_on).toBeNull();
    expect(await rows()).toEqual([{ user_id: String(t.users.member), on: day(9) }]);

    expect((await put(await t.signedIn('supplier'), day(1))).statusCode).toBe(404);
    const other = await taskTestTenant(app, adminDb);
    expect((await put(await other.signedIn('admin'), day(1))).statusCode).toBe(404);
    expect((await put(admin, '26-1-1')).statusCode).toBe(400);
    const unknown = await admin.request({
      method: 'PUT',
      url: TASK_ACTION_PATHS.followUp(id, 'nope'),
      payload: { follow_up_on: day(1) },
    });
    expect(unknown.json().code).toBe('unknown_step');
  });
});
