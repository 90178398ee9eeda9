import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../jobs/job-queue.js';
import { createJobQueue, type JobWorkers } from '../jobs/job-workers.js';
import { tenantsRepository } from '../tenancy/tenants.repository.js';
import { withTenant } from '../tenant-transaction.js';
import {
  type JobSender,
  MAIL_DELIVERY_QUEUE,
  type MailDeliveryJob,
  type Mailer,
  mailJobKey,
} from './mailer.js';
import { outboxRepository } from './outbox.repository.js';

export const MAIL_SWEEP_QUEUE = 'mail.sweep';

// Delivery retries with a growing delay (30 s, 1 min, 2 min, ...) before the e-mail stays 'failed'
// with the last error, visible in the development mailbox. 'stately' keeps at most one waiting and
// one running job per e-mail, so dispatching twice never sends twice.
export async function createMailDeliveryQueue(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, MAIL_DELIVERY_QUEUE, {
    policy: 'stately',
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 5,
  });
}

// A delivery repeated after its worker died sends only an e-mail the outbox does not yet record as
// sent (the status is checked before SMTP and written the moment SMTP accepts). At least once, not
// exactly once: a process killed between SMTP's acceptance and that one UPDATE sends it again.
export async function registerMailDelivery(workers: JobWorkers, mailer: Mailer, adminDb: Db): Promise<void> {
  await workers.register<MailDeliveryJob>(MAIL_DELIVERY_QUEUE, async (job, { signal }) => {
    // This process lost the job (swept as dead after a long pause): the new attempt sends it.
    if (signal.aborted) return;
    await mailer.deliver(job.data.tenantId, job.data.emailId);
  });
  // A process that stops between committing an e-mail and handing it to the queue leaves it
  // 'queued'; the sweep hands such e-mail over again, and applies the retention below.
  await createJobQueue(workers.boss, MAIL_SWEEP_QUEUE);
  await workers.boss.schedule(MAIL_SWEEP_QUEUE, '*/5 * * * *');
  await workers.register(MAIL_SWEEP_QUEUE, () => sweepQueuedMail(workers.boss, adminDb));
}

// Sent and kept e-mail is deleted after this many days: it holds spent codes and links, and the
// mailbox is for recent mail. Failed e-mail stays until someone looks at it.
export const OUTBOX_RETENTION_DAYS = 30;

export async function sweepQueuedMail(boss: JobSender, adminDb: Db): Promise<number> {
  let handed = 0;
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    // adminDb may be a superuser, which row-level security does not bind: name the tenant.
    const stale = await withTenant(adminDb, tenantId, async (tx) => {
      await outboxRepository.deleteDelivered(tx, tenantId, OUTBOX_RETENTION_DAYS);
      return outboxRepository.staleQueuedIds(tx, tenantId, 1000);
    });
    for (const emailId of stale) {
      const job: MailDeliveryJob = { tenantId, emailId };
      await boss.send(MAIL_DELIVERY_QUEUE, job, { singletonKey: mailJobKey(job) });
      handed += 1;
    }
  }
  return handed;
}

export function registerMailJobs(registry: JobRegistry, deps: { mail: Mailer; adminDb: Db }): void {
  registry.add({
    createQueues: createMailDeliveryQueue,
    registerWorkers: (workers) => registerMailDelivery(workers, deps.mail, deps.adminDb),
  });
}
