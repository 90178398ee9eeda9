import { REPORT_PATHS, ReportSchema, ReportSubscriptionSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { dashboardTestTenant } from '../../test/workflow-list-fixtures.js';

const { app, adminDb, services } = await createTestApp();

const BY_NAME = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};

const outboxCount = async (tenantId: string) =>
  (await adminDb.selectFrom('outbox_emails').select('id').where('tenant_id', '=', tenantId).execute()).length;

// Issue 12, finding 4: a send job run again after its worker died (the job lease sweeper hands it
// back) must not e-mail the report a second time when the first attempt had committed its e-mails.
describe('a report subscription send run again after a crash', () => {
  it('sends nothing when a send was recorded since the job was queued, and sends when none was', async () => {
    const t = await dashboardTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_add_process_report', 'can_view_process_report']);
    const admin = await t.signedIn('admin');
    const report = ReportSchema.parse(
      (await admin.post(REPORT_PATHS.reports, { name: 'By name', config: BY_NAME })).json(),
    );
    const subscribed = await admin.post(REPORT_PATHS.reportSubscriptions(report.id), {
      frequency: 'daily',
      time: '08:00',
      time_zone: 'UTC',
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const id = String(ReportSubscriptionSchema.parse(subscribed.json()).id);
    const queuedAt = new Date(Date.now() - 60_000);

    // The first attempt: it commits its e-mail, then (say) its worker is killed.
    expect(await services.reportSubscriptions.send(t.id, id)).toBe('sent');
    expect(await outboxCount(t.id)).toBe(1);
    // The repeated attempt of the same job.
    expect(await services.reportSubscriptions.send(t.id, id, { unlessSentSince: queuedAt })).toBe('sent');
    expect(await outboxCount(t.id)).toBe(1);
    // A job queued after that send (the next run) sends as usual.
    expect(
      await services.reportSubscriptions.send(t.id, id, { unlessSentSince: new Date(Date.now() + 1000) }),
    ).toBe('sent');
    expect(await outboxCount(t.id)).toBe(2);
  });
});
