import { NOTIFICATION_PATHS, NotificationsPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { type NotificationInput, recordNotifications } from './notifications.repository.js';

const { app, adminDb } = await createTestApp();

async function setup() {
  const t = await workflowTestTenant(app, adminDb);
  const admin = await t.signedIn('admin');
  const member = await t.signedIn('member');
  const workflowId = await createVendorCheck(t, admin, 'Levels check');
  const runNotice = (outcome: NotificationInput['outcome']): NotificationInput => ({
    userId: String(t.users.member),
    kind: 'integration_run',
    group: 'integration',
    outcome,
    actorId: String(t.users.admin),
    workflowId: String(workflowId),
    params: { run_id: 1, step_tag: 'x', step_name: 'Screening', connector: 'sanctions_screening' },
    link: `/process/${workflowId}`,
  });
  const record = (inputs: NotificationInput[]) =>
    withTenant(app.db, t.id, (tx) => recordNotifications(tx, t.id, inputs));
  return { t, admin, member, workflowId, runNotice, record };
}

describe('recordNotifications', () => {
  it("stores rows at the spec's levels and answers one created event each and the unread count", async () => {
    const { t, member, runNotice, record } = await setup();
    const events = await record([
      runNotice('queued'),
      runNotice('started'),
      runNotice('finished'),
      runNotice('completed'),
      runNotice('failed'),
      { ...runNotice(null), kind: 'step_assigned', group: 'step', params: { step_tag: 'x', step_name: 'S' } },
    ]);
    const channel = `private-tenant-${t.id}-user-${t.users.member}`;
    expect(events.filter((e) => e.type === 'notification.created')).toHaveLength(6);
    expect(events.every((e) => e.channel === channel)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'notifications.changed', data: { unread_count: 6 } });

    const list = NotificationsPageSchema.parse((await member.get(NOTIFICATION_PATHS.list)).json());
    // Newest first; spec 1 §4: queued = warning, started = info, finished or completed = success,
    // failed = error; no outcome = info.
    expect(list.results.map((n) => [n.outcome, n.level])).toEqual([
      [null, 'info'],
      ['failed', 'error'],
      ['completed', 'success'],
      ['finished', 'success'],
      ['started', 'info'],
      ['queued', 'warning'],
    ]);
    expect(list.results[1]).toMatchObject({
      kind: 'integration_run',
      group: 'integration',
      actor: { id: t.users.admin, name: 'Ada Admin' },
      workflow: { name: 'Levels check' },
      params: { connector: 'sanctions_screening', step_name: 'Screening' },
    });
  });

  it('pages, and hides notifications about workflows the user can no longer see', async () => {
    const { t, member, runNotice, record } = await setup();
    await record([
      runNotice('finished'),
      runNotice('failed'),
      { ...runNotice(null), workflowId: null, link: null },
    ]);
    const first = NotificationsPageSchema.parse(
      (await member.get(`${NOTIFICATION_PATHS.list}?limit=2`)).json(),
    );
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    expect((await member.get(`${NOTIFICATION_PATHS.list}?limit=500`)).statusCode).toBe(400);

    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.member))
      .execute();
    const hidden = NotificationsPageSchema.parse((await member.get(NOTIFICATION_PATHS.list)).json());
    expect(hidden.results.map((n) => n.workflow)).toEqual([null]);
    expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 1 });
    const aboutHidden = first.results.find((n) => n.workflow !== null)?.id ?? 0;
    expect((await member.post(NOTIFICATION_PATHS.markRead(aboutHidden), {})).statusCode).toBe(404);
    await grantRegion(adminDb, t.id, t.users.member, t.ids.region('Europe'), 'read');
    expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 3 });
  });

  it('keeps each user to their own notifications, and other tenants out', async () => {
    const { admin, member, runNotice, record } = await setup();
    await record([runNotice('finished')]);
    const id =
      NotificationsPageSchema.parse((await member.get(NOTIFICATION_PATHS.list)).json()).results[0]?.id ?? 0;
    expect((await admin.get(NOTIFICATION_PATHS.list)).json().count).toBe(0);
    expect((await admin.post(NOTIFICATION_PATHS.markRead(id), {})).statusCode).toBe(404);
    expect((await admin.post(NOTIFICATION_PATHS.markAllRead, {})).json()).toEqual({ marked: 0 });
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('admin');
    expect((await outsider.post(NOTIFICATION_PATHS.markRead(id), {})).statusCode).toBe(404);
    expect((await outsider.get(NOTIFICATION_PATHS.list)).json().count).toBe(0);
    expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 1 });
    // Marking needs the CSRF token like any other change.
    expect((await member.post(NOTIFICATION_PATHS.markAllRead, {}, { csrf: false })).statusCode).toBe(403);
    expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 1 });
  });
});
