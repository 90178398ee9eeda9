import { BRANDS, type BrandKey, REPORT_CSV_MAX_ROWS, ReportScheduleSchema } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import type { JobSender, Mailer, QueuedEmail } from '../../platform/mail/mailer.js';
import { tenantPublicUrl } from '../../platform/mail/public-url.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { runReport } from './engine/run-report.js';
import { checkedReportConfig } from './report-config.js';
import { reportCsvLines } from './report-data.service.js';
import { reportSubscriptionEmail } from './report-subscription-email.js';
import { nextRunAfter, wallClockAt } from './report-subscription-schedule.js';
import {
  reportSubscriptionsRepository as repo,
  type SubscriptionRow,
} from './report-subscriptions.repository.js';
import { reportKindRefusal } from './report-visibility.js';

export const REPORT_SUBSCRIPTION_SEND_QUEUE = 'reports.subscription-send';
export const REPORT_SUBSCRIPTION_SWEEP_QUEUE = 'reports.subscription-sweep';
export type ReportSubscriptionJob = { tenantId: string; subscriptionId: string };
// One waiting send per subscription: the queue's 'stately' policy refuses a second with this key,
// so a sweep that runs twice, or "Send now" pressed twice, never sends twice.
export const reportSubscriptionJobKey = (job: ReportSubscriptionJob) =>
  `${job.tenantId}:${job.subscriptionId}`;

// A report too big for an e-mail is not sent (recorded as failed): most mail servers refuse more.
export const REPORT_SUBSCRIPTION_CSV_MAX_BYTES = 10 * 1024 * 1024;
const SWEEP_BATCH = 500;

export type ReportSubscriptionRunner = {
  // Hands one subscription's send to the job queue (no-op without one: tests and tools call send).
  dispatch(job: ReportSubscriptionJob): Promise<void>;
  // Picks the due subscriptions of every tenant, advances each to its next run and dispatches it;
  // answers how many were picked.
  sweep(): Promise<number>;
  // The job: e-mails the report to each recipient, as that recipient may see it. `unlessSentSince`
  // (a job run again after its worker died): nothing is sent if a send has been recorded since then.
  send(
    tenantId: string,
    subscriptionId: string,
    options?: { unlessSentSince?: Date },
  ): Promise<'sent' | 'failed' | 'gone'>;
};

export const scheduleOf = (
  row: Pick<SubscriptionRow, 'frequency' | 'time_of_day' | 'weekday' | 'day_of_month' | 'time_zone'>,
) =>
  ReportScheduleSchema.parse({
    frequency: row.frequency,
    time: row.time_of_day,
    weekday: row.weekday,
    day_of_month: row.day_of_month,
    time_zone: row.time_zone,
  });

const personName = (u: { first_name: string | null; last_name: string | null; email: string | null }) =>
  `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || (u.email ?? '');

export function createReportSubscriptionRunner(options: {
  config: Config;
  // The application role's pool, so row-level security binds the reports run for each recipient.
  db: Db;
  mail: Mailer;
  jobs: JobSender | null;
  log: (error: Error, context: string) => void;
}): ReportSubscriptionRunner {
  const { config, db, mail, jobs, log } = options;

  async function dispatch(job: ReportSubscriptionJob): Promise<void> {
    if (!jobs) return;
    await jobs.send(REPORT_SUBSCRIPTION_SEND_QUEUE, job, { singletonKey: reportSubscriptionJobKey(job) });
  }

  async function sweepTenant(tenantId: string): Promise<string[]> {
    // One transaction: a subscription is picked and moved to its next run together, so a second
    // sweep (now or concurrent) does not pick it again.
    return withTenant(db, tenantId, async (tx) => {
      const due = await repo.due(tx, tenantId, SWEEP_BATCH);
      const now = new Date();
      for (const row of due) await repo.advance(tx, tenantId, row.id, nextRunAfter(scheduleOf(row), now));
      return due.map((row) => row.id);
    });
  }

  async function send(
    tenantId: string,
    subscriptionId: string,
    how: { unlessSentSince?: Date } = {},
  ): Promise<'sent' | 'failed' | 'gone'> {
    try {
      const queued = await withTenant(db, tenantId, async (tx) => {
        // Locked: two sends of one subscription (a retry, Send now) do not interleave.
        const subscription = await repo.find(tx, tenantId, subscriptionId, { lock: true });
        if (!subscription) return null;
        // The attempt that died had committed its e-mails (the outbox and its sweep deliver them).
        const since = how.unlessSentSince;
        if (since && subscription.last_sent_at && subscription.last_sent_at >= since) return 'done' as const;
        const [report, tenant, recipients] = await Promise.all([
          repo.reportToSend(tx, tenantId, subscription.report_id),
          repo.senderTenant(tx, tenantId),
          repo.recipientsOf(tx, tenantId, [subscriptionId]),
        ]);
        // A stored config that no longer validates fails the run with its message.
        const reportConfig = checkedReportConfig(report.config);
        const brand = BRANDS[tenant.brand as BrandKey]?.title ?? 'Attest';
        const now = new Date();
        const wall = wallClockAt(subscription.time_zone, now.getTime());
        const day = `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
        const owner = subscription.owner_id
          ? personName({
              first_name: subscription.owner_first_name,
              last_name: subscription.owner_last_name,
              email: subscription.owner_email,
            })
          : null;
        const emails: QueuedEmail[] = [];
        const skipped: string[] = [];
        for (const recipient of recipients) {
          const permissions = await sessionsRepository.permissionsOf(tx, recipient.id);
          const allowed =
            recipient.is_active &&
            permissions.has('can_view_process_report') &&
            // The same rule as the data route: the tenant's mail is for administrators, records
            // for who may view them.
            reportKindRefusal(reportConfig.report_kind, permissions) === null;
          if (!allowed) {
            skipped.push(recipient.email);
            continue;
          }
          const result = await runReport(tx, tenantId, { userId: recipient.id, now }, reportConfig, {
            limit: REPORT_CSV_MAX_ROWS,
            offset: 0,
          });
          const csv = Buffer.from([...reportCsvLines(result)].join(''), 'utf8');
          if (csv.length > REPORT_SUBSCRIPTION_CSV_MAX_BYTES) {
            throw new Error('The report is too large to send by e-mail (over 10 MB as CSV).');
          }
          const email = reportSubscriptionEmail({
            brand,
            recipient,
            report: { name: report.name, url: tenantPublicUrl(config, tenant.slug, `/report/${report.id}`) },
            day,
            rowCount: result.results.length - 1,
            subject: subscription.subject,
            message: subscription.message,
            // Who subscribed them, unless they did it themselves.
            owner: subscription.owner_id === recipient.id ? null : owner,
            csv,
          });
          emails.push(await mail.queue(tx, tenantId, email));
        }
        await repo.recordRun(tx, tenantId, subscriptionId, {
          status: emails.length > 0 ? 'sent' : 'failed',
          error: emails.length > 0 ? null : 'No recipient may receive this report.',
          skipped,
        });
        return emails;
      });
      if (queued === null) return 'gone';
      if (queued === 'done') return 'sent';
      await mail.dispatch(queued);
      return queued.length > 0 ? 'sent' : 'failed';
    } catch (caught) {
      // Nothing of the run was written (its transaction rolled back): the failure is recorded and
      // shown with the subscription; the next run, or Send now, tries again.
      const error = caught instanceof Error ? caught : new Error(String(caught));
      log(error, 'report subscription');
      await withTenant(db, tenantId, (tx) =>
        repo.recordRun(tx, tenantId, subscriptionId, { status: 'failed', error: error.message, skipped: [] }),
      );
      return 'failed';
    }
  }

  return {
    dispatch,
    send,
    async sweep() {
      const tenants = await tenantsRepository.allIds(db, { ordered: true });
      let picked = 0;
      for (const tenantId of tenants) {
        for (const subscriptionId of await sweepTenant(tenantId)) {
          picked += 1;
          try {
            await dispatch({ tenantId, subscriptionId });
          } catch (error) {
            // This run is lost (the subscription has moved on); Send now, or the next run, sends it.
            log(error instanceof Error ? error : new Error(String(error)), 'report subscription dispatch');
          }
        }
      }
      return picked;
    },
  };
}

export async function createReportSubscriptionQueue(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, REPORT_SUBSCRIPTION_SEND_QUEUE, {
    policy: 'stately',
    // send() records its own failures, so a retry only follows a worker that died or hung mid-send
    // (createJobQueue keeps MIN_JOB_RETRIES for that).
    retryLimit: 0,
    expireInMinutes: 15,
  });
}

// The sweep every 5 minutes, and once at start so a worker that was down catches up at once.
export async function registerReportSubscriptionWorker(
  workers: JobWorkers,
  runner: ReportSubscriptionRunner,
): Promise<void> {
  const { boss } = workers;
  await workers.register<ReportSubscriptionJob>(REPORT_SUBSCRIPTION_SEND_QUEUE, (job) =>
    runner.send(job.data.tenantId, job.data.subscriptionId, {
      // A repeated attempt sends nothing a committed attempt of this job already sent.
      ...(job.retryCount > 0 && { unlessSentSince: job.createdOn }),
    }),
  );
  // The sweep moves each subscription to its next run in the transaction that picks it, so a sweep
  // repeated after a crash picks nothing twice.
  await createJobQueue(boss, REPORT_SUBSCRIPTION_SWEEP_QUEUE);
  await boss.schedule(REPORT_SUBSCRIPTION_SWEEP_QUEUE, '*/5 * * * *');
  await workers.register(REPORT_SUBSCRIPTION_SWEEP_QUEUE, () => runner.sweep());
  await boss.send(REPORT_SUBSCRIPTION_SWEEP_QUEUE, {});
}

// Report subscriptions (spec 2 §9.4): the report runs as each recipient, so the runner works on the
// application role's pool, which row-level security binds (src/services.ts).
export function registerReportSubscriptionJobs(
  registry: JobRegistry,
  deps: { reportSubscriptions: ReportSubscriptionRunner },
): void {
  registry.add({
    createQueues: createReportSubscriptionQueue,
    registerWorkers: (workers) => registerReportSubscriptionWorker(workers, deps.reportSubscriptions),
  });
}
