import {
  REPORT_PATHS,
  REPORT_SUBSCRIPTION_MESSAGES,
  ReportSchema,
  ReportSubscriptionSchema,
  ReportSubscriptionsPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { dashboardTestTenant } from '../../test/workflow-list-fixtures.js';
import {
  createReportSubscriptionRunner,
  REPORT_SUBSCRIPTION_SEND_QUEUE,
} from './report-subscription-jobs.js';

const smtp = await startSmtpReceiver();
const { app, db, adminDb, services } = await createTestApp({ SMTP_URL: smtp.url });

const BY_NAME = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};
const WEEKLY = { frequency: 'weekly', weekday: 1, time: '08:00', time_zone: 'Europe/Berlin' };

const patch = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PATCH', url, payload });
const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

// The dashboard tenant (the admin sees Europe and Asia, the member Europe only), with a report of
// workflows by name; the member may view reports but not change them.
async function subscriptionTenant() {
  const t = await dashboardTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_add_process_report', 'can_change_process_report']);
  await grant(adminDb, t.id, t.users.member, ['can_view_process_report']);
  const admin = await t.signedIn('admin');
  const created = await admin.post(REPORT_PATHS.reports, { name: 'Lab: by name', config: BY_NAME });
  expect(created.statusCode, created.body).toBe(201);
  return { t, admin, report: ReportSchema.parse(created.json()) };
}

async function subscribe(client: TestClient, reportId: number, body: object = WEEKLY) {
  const response = await client.post(REPORT_PATHS.reportSubscriptions(reportId), body);
  expect(response.statusCode, response.body).toBe(201);
  return ReportSubscriptionSchema.parse(response.json());
}

async function listed(client: TestClient, reportId: number) {
  const response = await client.get(REPORT_PATHS.reportSubscriptions(reportId));
  expect(response.statusCode, response.body).toBe(200);
  return ReportSubscriptionsPageSchema.parse(response.json());
}

// An RFC 2047 header (=?UTF-8?Q?...?= or B words) as people read it.
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

// The attachments of a received message: file name and decoded content.
function attachmentsOf(raw: string): { filename: string; content: string }[] {
  const found: { filename: string; content: string }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const filename = /Content-Disposition:\s*attachment;\s*filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (!filename) continue;
    const body = part.slice(split).replace(/\s+/g, '');
    found.push({ filename, content: Buffer.from(body, 'base64').toString('utf8') });
  }
  return found;
}

describe('report subscriptions API', () => {
  it("creates one for the asker by default, in the asker's time zone else UTC, and lists it", async () => {
    const { t, admin, report } = await subscriptionTenant();
    const created = await subscribe(admin, report.id, { frequency: 'daily', time: '07:30' });
    expect(created).toMatchObject({
      report_id: report.id,
      owner: { id: t.users.admin, email: t.email('admin') },
      frequency: 'daily',
      time: '07:30',
      weekday: null,
      day_of_month: null,
      time_zone: 'UTC',
      recipients: [{ id: t.users.admin, email: t.email('admin') }],
      active: true,
      last_status: null,
      can_edit: true,
    });
    const next = new Date(created.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(next.toISOString().slice(11, 16)).toBe('07:30');
    expect((await listed(admin, report.id)).results.map((s) => s.id)).toEqual([created.id]);
  });

  it('changes the schedule (next run recomputed), recipients and active flag; deletes', async () => {
    const { t, admin, report } = await subscriptionTenant();
    const created = await subscribe(admin, report.id, { frequency: 'daily', time: '07:30' });
    const monthly = await patch(admin, REPORT_PATHS.subscription(created.id), {
      frequency: 'monthly',
      day_of_month: 28,
      time_zone: 'America/New_York',
      recipient_ids: [t.users.member, t.users.admin],
      subject: 'Lab figures',
      active: false,
    });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const changed = ReportSubscriptionSchema.parse(monthly.json());
    expect(changed).toMatchObject({
      frequency: 'monthly',
      day_of_month: 28,
      subject: 'Lab figures',
      active: false,
    });
    expect(changed.recipients.map((r) => r.id).sort()).toEqual([t.users.admin, t.users.member].sort());
    // 07:30 in New York is 11:30 or 12:30 UTC, on the 28th.
    expect(['11:30', '12:30']).toContain(changed.next_run_at.slice(11, 16));
    expect(
      new Date(changed.next_run_at).toLocaleDateString('en-US', {
        timeZone: 'America/New_York',
        day: 'numeric',
      }),
    ).toBe('28');

    expect((await del(admin, REPORT_PATHS.subscription(created.id))).statusCode).toBe(204);
    expect((await listed(admin, report.id)).count).toBe(0);
    expect((await del(admin, REPORT_PATHS.subscription(created.id))).statusCode).toBe(404);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const { t, admin, report } = await subscriptionTenant();
    const other = await subscriptionTenant();
    await adminDb
      .updateTable('users')
      .set({ is_active: false })
      .where('id', '=', String(t.users.member))
      .execute();
    const badRecipients = await admin.post(REPORT_PATHS.reportSubscriptions(report.id), {
      ...WEEKLY,
      recipient_ids: [t.users.admin, t.users.member, other.t.users.admin, 999_999_999],
    });
    expect(badRecipients.statusCode).toBe(400);
    const detail = badRecipients.json().detail as string;
    expect(detail).toContain(REPORT_SUBSCRIPTION_MESSAGES.badRecipients);
    for (const id of [t.users.member, other.t.users.admin, 999_999_999]) expect(detail).toContain(String(id));
    expect(detail).not.toContain(`${t.users.admin},`);

    const cases: [object, string][] = [
      [{ ...WEEKLY, time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ ...WEEKLY, weekday: null }, 'weekday'],
      [{ frequency: 'monthly', time: '08:00' }, 'day_of_month'],
      [{ frequency: 'monthly', time: '08:00', day_of_month: 31 }, 'day_of_month'],
      [{ ...WEEKLY, time: '24:00' }, 'time'],
      [{ ...WEEKLY, recipient_ids: [] }, 'recipient_ids'],
      [{ ...WEEKLY, recipient_ids: [t.users.admin, t.users.admin] }, 'recipient_ids'],
      [{ ...WEEKLY, owner_id: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post(REPORT_PATHS.reportSubscriptions(report.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(response.json().errors ?? {}).join(' ')).toContain(field);
    }
    expect((await listed(admin, report.id)).count).toBe(0);

    // A change that fails leaves the subscription as it was, recipients included.
    const created = await subscribe(admin, report.id);
    const failed = await patch(admin, REPORT_PATHS.subscription(created.id), {
      subject: 'Changed',
      recipient_ids: [other.t.users.admin],
    });
    expect(failed.statusCode).toBe(400);
    const [kept] = (await listed(admin, report.id)).results;
    expect(kept).toMatchObject({ subject: '', recipients: [{ id: t.users.admin }] });
    expect(
      (await patch(admin, REPORT_PATHS.subscription(created.id), { frequency: 'monthly' })).statusCode,
    ).toBe(400);
  });

  it("needs can_view_process_report; someone else's needs can_change_process_report", async () => {
    const { t, admin, report } = await subscriptionTenant();
    const mine = await subscribe(admin, report.id);
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(REPORT_PATHS.reportSubscriptions(report.id))).statusCode).toBe(403);
    expect((await supplier.post(REPORT_PATHS.reportSubscriptions(report.id), WEEKLY)).statusCode).toBe(403);

    // The member may subscribe, sees only their own, and may not touch the admin's.
    const member = await t.signedIn('member');
    const theirs = await subscribe(member, report.id, { frequency: 'daily', time: '06:00' });
    expect(theirs.recipients.map((r) => r.id)).toEqual([t.users.member]);
    expect((await listed(member, report.id)).results.map((s) => s.id)).toEqual([theirs.id]);
    expect((await patch(member, REPORT_PATHS.subscription(mine.id), { active: false })).statusCode).toBe(403);
    expect((await del(member, REPORT_PATHS.subscription(mine.id))).statusCode).toBe(403);
    expect((await member.post(REPORT_PATHS.subscriptionSend(mine.id), {})).statusCode).toBe(403);
    expect((await patch(member, REPORT_PATHS.subscription(theirs.id), { active: false })).statusCode).toBe(
      200,
    );
    expect((await member.post(REPORT_PATHS.subscriptionSend(theirs.id), {})).statusCode).toBe(202);

    // The admin (can_change_process_report) sees and edits everyone's.
    const all = await listed(admin, report.id);
    expect(all.results.map((s) => [s.id, s.can_edit])).toEqual([
      [mine.id, true],
      [theirs.id, true],
    ]);
    expect((await del(admin, REPORT_PATHS.subscription(theirs.id))).statusCode).toBe(204);
  });

  it('keeps an Email Delivery Report to administrators', async () => {
    const { t, admin } = await subscriptionTenant();
    const created = await admin.post(REPORT_PATHS.reports, {
      name: 'Mail',
      config: {
        report_kind: 'email_delivery',
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'email__status' }],
        operations: [{ function: 'count', label: 'E-mails' }],
      },
    });
    const report = ReportSchema.parse(created.json());
    const member = await t.signedIn('member');
    const refused = await member.post(REPORT_PATHS.reportSubscriptions(report.id), WEEKLY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('report_needs_admin');
  });

  it("answers 404 for another tenant's report and subscription", async () => {
    const { admin, report } = await subscriptionTenant();
    const mine = await subscribe(admin, report.id);
    const other = await subscriptionTenant();
    expect((await other.admin.get(REPORT_PATHS.reportSubscriptions(report.id))).statusCode).toBe(404);
    expect((await other.admin.post(REPORT_PATHS.reportSubscriptions(report.id), WEEKLY)).statusCode).toBe(
      404,
    );
    expect((await patch(other.admin, REPORT_PATHS.subscription(mine.id), { active: false })).statusCode).toBe(
      404,
    );
    expect((await del(other.admin, REPORT_PATHS.subscription(mine.id))).statusCode).toBe(404);
    expect((await other.admin.post(REPORT_PATHS.subscriptionSend(mine.id), {})).statusCode).toBe(404);
    expect((await listed(admin, report.id)).results[0]).toMatchObject({ id: mine.id, active: true });
  });

  it('goes with its report', async () => {
    const { t, admin, report } = await subscriptionTenant();
    await grant(adminDb, t.id, t.users.admin, ['can_delete_process_report']);
    const mine = await subscribe(admin, report.id);
    expect((await del(admin, REPORT_PATHS.report(report.id))).statusCode).toBe(204);
    expect((await patch(admin, REPORT_PATHS.subscription(mine.id), { active: false })).statusCode).toBe(404);
    const left = await withTenant(adminDb, t.id, (tx) =>
      tx
        .selectFrom('report_subscription_recipients')
        .select('user_id')
        .where('tenant_id', '=', t.id)
        .execute(),
    );
    expect(left).toEqual([]);
  });
});

describe('the sweep and the e-mail', () => {
  it('picks only due and active subscriptions, moves them to their next run, and picks them once', async () => {
    const { t, admin, report } = await subscriptionTenant();
    const due = await subscribe(admin, report.id);
    const paused = await subscribe(admin, report.id);
    const later = await subscribe(admin, report.id);
    await adminDb
      .updateTable('report_subscriptions')
      .set({ next_run_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', 'in', [String(due.id), String(paused.id)])
      .execute();
    await adminDb
      .updateTable('report_subscriptions')
      .set({ active: false })
      .where('id', '=', String(paused.id))
      .execute();

    const sent: { queue: string; data: object; key: string | undefined }[] = [];
    const runner = createReportSubscriptionRunner({
      config: app.config,
      db,
      mail: services.mail,
      jobs: { send: async (queue, data, options) => sent.push({ queue, data, key: options?.singletonKey }) },
      log: () => {},
    });
    await runner.sweep();
    const mine = sent.filter((job) => (job.data as { tenantId: string }).tenantId === t.id);
    expect(mine).toEqual([
      {
        queue: REPORT_SUBSCRIPTION_SEND_QUEUE,
        data: { tenantId: t.id, subscriptionId: String(due.id) },
        key: `${t.id}:${due.id}`,
      },
    ]);
    const rows = await listed(admin, report.id);
    const byId = new Map(rows.results.map((s) => [s.id, s]));
    // Advanced to the next Monday 08:00 in Berlin; the others untouched.
    const next = new Date(byId.get(due.id)?.next_run_at ?? 0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(
      next.toLocaleString('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ).toBe('Monday 08:00');
    expect(new Date(byId.get(paused.id)?.next_run_at ?? 0).getTime()).toBeLessThan(Date.now());
    expect(byId.get(later.id)?.next_run_at).toBe(later.next_run_at);

    sent.length = 0;
    await runner.sweep();
    expect(sent.filter((job) => (job.data as { tenantId: string }).tenantId === t.id)).toEqual([]);
  });

  it('e-mails each recipient the CSV of the report as they may see it, and skips who may not', async () => {
    const { t, admin, report } = await subscriptionTenant();
    const created = await subscribe(admin, report.id, {
      ...WEEKLY,
      recipient_ids: [t.users.admin, t.users.member],
      message: 'For the <b>Monday</b> meeting.',
    });
    const member = await t.signedIn('member');
    expect(await services.reportSubscriptions.send(t.id, String(created.id))).toBe('sent');
    await services.mail.deliverQueued(t.id);

    for (const [who, client] of [
      ['admin', admin],
      ['member', member],
    ] as const) {
      const received = smtp.received.filter((m) => m.to.includes(t.email(who)));
      expect(received).toHaveLength(1);
      const raw = received[0]?.raw ?? '';
      const [mail] = smtp.mailTo(t.email(who));
      expect(decodeHeader(mail?.subject ?? '')).toMatch(/^Lab: by name — \d{4}-\d{2}-\d{2}$/);
      expect(mail?.text).toContain('For the <b>Monday</b> meeting.');
      expect(mail?.text).toContain(`/report/${report.id}`);
      expect(mail?.text).toContain(
        who === 'admin'
          ? 'because you are subscribed to this report'
          : 'because Ada Admin subscribed you to this report',
      );
      expect(mail?.html).toContain('For the &lt;b&gt;Monday&lt;/b&gt; meeting.');
      const [attachment] = attachmentsOf(raw);
      expect(attachment?.filename).toMatch(/^lab-by-name-\d{4}-\d{2}-\d{2}\.csv$/);
      // The very rows the CSV download gives this person.
      const download = await client.get(REPORT_PATHS.reportCsv(report.id));
      expect(download.statusCode).toBe(200);
      expect(attachment?.content).toBe(download.body);
    }
    const adminCsv = attachmentsOf(smtp.received.find((m) => m.to.includes(t.email('admin')))?.raw ?? '')[0];
    const memberCsv = attachmentsOf(
      smtp.received.find((m) => m.to.includes(t.email('member')))?.raw ?? '',
    )[0];
    // Delta is in Asia: the admin sees it, the member does not.
    expect(adminCsv?.content).toContain('Delta');
    expect(memberCsv?.content).not.toContain('Delta');
    expect(memberCsv?.content).toContain('Gamma');

    // The member loses the permission: the next run leaves them out and says so.
    await adminDb
      .deleteFrom('user_permissions')
      .where('user_id', '=', String(t.users.member))
      .where('codename', '=', 'can_view_process_report')
      .execute();
    expect(await services.reportSubscriptions.send(t.id, String(created.id))).toBe('sent');
    await services.mail.deliverQueued(t.id);
    expect(smtp.received.filter((m) => m.to.includes(t.email('member')))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(t.email('admin')))).toHaveLength(2);
    const [after] = (await listed(admin, report.id)).results;
    expect(after).toMatchObject({ last_status: 'sent', last_error: null, last_skipped: [t.email('member')] });
    expect(after?.last_sent_at).not.toBeNull();
  });

  it('records a failed run, and sends nothing of it', async () => {
    const { t, admin, report } = await subscriptionTenant();
    const created = await subscribe(admin, report.id, { ...WEEKLY, recipient_ids: [t.users.admin] });
    // A stored config that no longer validates.
    await adminDb
      .updateTable('reports')
      .set({ config: JSON.stringify({ report_kind: 'workflow', operations: [{ function: 'mode' }] }) })
      .where('id', '=', String(report.id))
      .execute();
    expect(await services.reportSubscriptions.send(t.id, String(created.id))).toBe('failed');
    await services.mail.deliverQueued(t.id);
    expect(smtp.received.filter((m) => m.to.includes(t.email('admin')))).toHaveLength(0);
    const [row] = (await listed(admin, report.id)).results;
    expect(row).toMatchObject({ last_status: 'failed', last_sent_at: null });
    expect(row?.last_error).toContain('not valid');
  });
});
