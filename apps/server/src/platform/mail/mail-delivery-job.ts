import type PgBoss from 'pg-boss';
import { MAIL_DELIVERY_QUEUE, type MailDeliveryJob, type Mailer } from './mailer.js';

// Delivery retries with a growing delay (30 s, 1 min, 2 min, ...) before the e-mail stays 'failed'
// with the last error, visible in the development mailbox.
export async function createMailDeliveryQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(MAIL_DELIVERY_QUEUE, {
    name: MAIL_DELIVERY_QUEUE,
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 5,
  });
}

export async function registerMailDelivery(boss: PgBoss, mailer: Mailer): Promise<void> {
  await boss.work<MailDeliveryJob>(MAIL_DELIVERY_QUEUE, async (jobs) => {
    for (const job of jobs) await mailer.deliver(job.data.tenantId, job.data.emailId);
  });
}
