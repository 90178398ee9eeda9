import { createTransport } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { type Tx, withTenant } from '../tenant-transaction.js';
import { type EmailMessage, type OutboxStatus, outboxRepository } from './outbox.repository.js';

export const MAIL_DELIVERY_QUEUE = 'mail.deliver';
export type MailDeliveryJob = { tenantId: string; emailId: string };
// One job per e-mail: the queue's 'stately' policy refuses a second one with the same key.
export const mailJobKey = (job: MailDeliveryJob) => `${job.tenantId}:${job.emailId}`;

// What the mailer needs of the job queue; absent in tests and tools that build the app alone.
export type JobSender = { send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown> };

export type QueuedEmail = { tenantId: string; id: string; status: OutboxStatus };

export type Mailer = {
  // Inside the caller's transaction, so the e-mail exists exactly when the code or link it carries does.
  queue(tx: Tx, tenantId: string, message: EmailMessage): Promise<QueuedEmail>;
  // After that transaction commits: hands SMTP deliveries to the job queue.
  dispatch(emails: readonly QueuedEmail[]): Promise<void>;
  // One delivery over SMTP; the job calls it, and tests call it without pg-boss. Throws on failure
  // (after recording the error) so pg-boss retries.
  deliver(tenantId: string, emailId: string): Promise<'sent' | 'skipped'>;
  // Delivers every queued or failed e-mail of a tenant; answers how many were sent.
  deliverQueued(tenantId: string): Promise<number>;
};

// Without SMTP_URL, e-mail is kept in the outbox ('kept') and read in the development mailbox.
export function createMailer(options: {
  config: Config;
  db: Db;
  jobs: JobSender | null;
  log: (error: Error, context: string) => void;
}): Mailer {
  const { config, db, jobs } = options;
  const transport = config.SMTP_URL
    ? createTransport({
        url: config.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  async function deliver(tenantId: string, emailId: string): Promise<'sent' | 'skipped'> {
    if (!transport) return 'skipped';
    const email = await withTenant(db, tenantId, (tx) => outboxRepository.findDeliverable(tx, emailId));
    if (!email) return 'skipped';
    try {
      // The network call happens outside any transaction.
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        ...(email.html_body && { html: email.html_body }),
        attachments: email.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: Buffer.from(a.content_base64, 'base64'),
        })),
        // RFC 3834: out-of-office replies and the like are not sent back to a no-reply address.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await withTenant(db, tenantId, (tx) => outboxRepository.markFailed(tx, emailId, message));
      throw error;
    }
    await withTenant(db, tenantId, (tx) => outboxRepository.markSent(tx, emailId));
    return 'sent';
  }

  return {
    async queue(tx, tenantId, message) {
      const status = transport ? 'queued' : 'kept';
      const id = await outboxRepository.insert(tx, tenantId, message, status);
      return { tenantId, id, status };
    },

    async dispatch(emails) {
      if (!jobs) return;
      for (const email of emails) {
        if (email.status !== 'queued') continue;
        const job: MailDeliveryJob = { tenantId: email.tenantId, emailId: email.id };
        try {
          await jobs.send(MAIL_DELIVERY_QUEUE, job, { singletonKey: mailJobKey(job) });
        } catch (error) {
          // The e-mail stays queued in the outbox; the request that queued it has already succeeded.
          options.log(error instanceof Error ? error : new Error(String(error)), 'mail dispatch');
        }
      }
    },

    deliver,

    async deliverQueued(tenantId) {
      const ids = await withTenant(db, tenantId, (tx) => outboxRepository.deliverableIds(tx, 500));
      let sent = 0;
      for (const id of ids) {
        try {
          if ((await deliver(tenantId, id)) === 'sent') sent += 1;
        } catch (error) {
          options.log(error instanceof Error ? error : new Error(String(error)), 'mail delivery');
        }
      }
      return sent;
    },
  };
}
