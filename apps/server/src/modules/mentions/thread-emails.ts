import { BRANDS, type BrandKey } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { tenantPublicUrl } from '../../platform/mail/public-url.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import {
  announceComment,
  type CommentEffects,
  THREAD_EMAIL_QUEUE,
  type ThreadEmailJob,
  type ThreadEmailJobSender,
  threadEmailJobKey,
  threadLink,
} from './comment-fanout.js';
import { connectorLabel } from './integration-results.js';
import { type DigestEntry, threadDigestEmail } from './thread-email-content.js';
import {
  allTenantIds,
  digestRecipient,
  digestTenant,
  markItemsSent,
  mentioningMessageIds,
  type PendingItemRow,
  pendingItemsForUpdate,
  subscribedThreadIds,
  usersWithOverdueItems,
  usersWithPendingItems,
  visibleWorkflowIds,
} from './thread-emails.repository.js';
import { targetLabels } from './thread-targets.js';

export const THREAD_EMAIL_SWEEP_QUEUE = 'threads.email-sweep';
// The route that lists a user's subscriptions, where they unsubscribe (spec 1 §2).
export const MY_SUBSCRIPTIONS_PATH = '/mysubscriptions/';

// Comment e-mails (spec 1 §4 "Subscriptions to threads"). A comment leaves one pending item per
// person it reaches (comment-fanout.ts); a job per person, started THREAD_EMAIL_DELAY_SECONDS after
// the first of them, turns all their pending items into ONE e-mail, so a busy thread does not send
// an e-mail per comment.
export type ThreadEmails = {
  // After a comment's transaction commits: publish its events and schedule its e-mails.
  announce(effects: CommentEffects, realtime: RealtimePublisher): Promise<void>;
  // The job: one person's pending comments as one e-mail; answers whether one was written.
  sendDigest(tenantId: string, userId: string): Promise<boolean>;
  // Tests and tools without a job queue: every person's digest of a tenant, now.
  sendPending(tenantId: string): Promise<number>;
};

type Item = PendingItemRow;

// Whether a pending item should still be sent: its message is live, its workflow visible to the
// person, and the reason still holds (still subscribed; the mention not removed by an edit).
async function stillDue(tx: Tx, tenantId: string, userId: string, items: Item[]): Promise<Item[]> {
  const live = items.filter((i) => i.deleted_at === null);
  if (live.length === 0) return [];
  const [visible, subscriptions, mentions] = await Promise.all([
    visibleWorkflowIds(tx, tenantId, userId, [...new Set(live.map((i) => i.workflow_id))]),
    subscribedThreadIds(tx, tenantId, userId, [...new Set(live.map((i) => i.thread_id))]),
    mentioningMessageIds(
      tx,
      tenantId,
      userId,
      live.map((i) => i.message_id),
    ),
  ]);
  const canSee = new Set(visible);
  const following = new Set(subscriptions);
  const mentionedIn = new Set(mentions);
  return live.filter(
    (i) =>
      canSee.has(i.workflow_id) &&
      (i.reason === 'mentioned' ? mentionedIn.has(i.message_id) : following.has(i.thread_id)),
  );
}

// Every statement names the tenant as well as setting it, so it reads the same through either pool.
export function createThreadEmails(options: {
  config: Config;
  db: Db;
  mail: Mailer;
  jobs: ThreadEmailJobSender | null;
  log: (error: Error, context: string) => void;
}): ThreadEmails {
  const { config, db, mail, jobs } = options;

  async function sendDigest(tenantId: string, userId: string): Promise<boolean> {
    const queued = await withTenant(db, tenantId, async (tx) => {
      const items = await pendingItemsForUpdate(tx, tenantId, userId);
      if (items.length === 0) return null;
      const [recipient, tenant] = await Promise.all([
        digestRecipient(tx, tenantId, userId),
        digestTenant(tx, tenantId),
      ]);
      const due = recipient?.is_active ? await stillDue(tx, tenantId, userId, items) : [];
      // Every pending item is settled now, sent or dropped, so it is never looked at again.
      await markItemsSent(
        tx,
        tenantId,
        items.map((i) => i.id),
      );
      if (!recipient || due.length === 0) return null;

      const entries: DigestEntry[] = [];
      for (const item of due) {
        const definition = await loadDefinition(tx, tenantId, item.definition_id);
        const labels = targetLabels(definition, item);
        const where = [
          item.workflow_name,
          labels.step?.name ?? item.step_tag,
          labels.field?.body ?? item.field_tag,
        ].filter((part): part is string => Boolean(part));
        const thread = {
          id: item.thread_id,
          workflow_id: item.workflow_id,
          step_tag: item.step_tag,
          field_tag: item.field_tag,
        };
        const author =
          item.run_connector !== null && item.author_email === null
            ? `${connectorLabel(item.run_connector)} (integration)`
            : `${item.author_first_name ?? ''} ${item.author_last_name ?? ''}`.trim() ||
              (item.author_email ?? '');
        entries.push({
          ...item,
          author,
          where: where.join(' / '),
          url: tenantPublicUrl(config, tenant.slug, threadLink(definition, thread)),
        });
      }
      const brand = BRANDS[tenant.brand as BrandKey]?.title ?? 'Attest';
      const email = threadDigestEmail({
        brand,
        recipient,
        entries,
        subscriptionsUrl: tenantPublicUrl(config, tenant.slug, MY_SUBSCRIPTIONS_PATH),
      });
      return mail.queue(tx, tenantId, email);
    });
    if (!queued) return false;
    await mail.dispatch([queued]);
    return true;
  }

  async function pendingUsers(tenantId: string, olderThanSeconds: number): Promise<string[]> {
    return withTenant(db, tenantId, (tx) => usersWithPendingItems(tx, tenantId, olderThanSeconds));
  }

  return {
    announce: (effects, realtime) =>
      announceComment(
        { realtime, jobs, delaySeconds: config.THREAD_EMAIL_DELAY_SECONDS, log: options.log },
        effects,
      ),

    sendDigest,

    async sendPending(tenantId) {
      let sent = 0;
      for (const userId of await pendingUsers(tenantId, 0)) {
        if (await sendDigest(tenantId, userId)) sent += 1;
      }
      return sent;
    },
  };
}

// Stately: at most one waiting and one running digest per person (threadEmailJobKey).
export async function createThreadEmailQueue(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, THREAD_EMAIL_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
    expireInMinutes: 10,
  });
}

// A digest repeated after its worker died writes no second e-mail: its items are marked sent in the
// transaction that queues the e-mail, which the mail delivery then sends once (mail-delivery-job.ts).
export async function registerThreadEmailWorker(
  workers: JobWorkers,
  threadEmails: ThreadEmails,
  adminDb: Db,
  config: Config,
): Promise<void> {
  const { boss } = workers;
  await workers.register<ThreadEmailJob>(THREAD_EMAIL_QUEUE, (job) =>
    threadEmails.sendDigest(job.data.tenantId, job.data.userId),
  );
  // A process that stops between committing a comment and scheduling its e-mails leaves items
  // pending: every 5 minutes, those older than the delay (and a margin) are scheduled again.
  await createJobQueue(boss, THREAD_EMAIL_SWEEP_QUEUE);
  await boss.schedule(THREAD_EMAIL_SWEEP_QUEUE, '*/5 * * * *');
  await workers.register(THREAD_EMAIL_SWEEP_QUEUE, async () => {
    for (const tenantId of await allTenantIds(adminDb)) {
      const userIds = await withTenant(adminDb, tenantId, (tx) =>
        usersWithOverdueItems(tx, tenantId, config.THREAD_EMAIL_DELAY_SECONDS + 300),
      );
      for (const userId of userIds) {
        const job: ThreadEmailJob = { tenantId, userId };
        await boss.send(THREAD_EMAIL_QUEUE, job, { singletonKey: threadEmailJobKey(job) });
      }
    }
  });
}

// Comment e-mails: one per person for the comments of THREAD_EMAIL_DELAY_SECONDS, handed to SMTP
// delivery at once.
export function registerThreadEmailJobs(
  registry: JobRegistry,
  deps: { threadEmails: ThreadEmails; adminDb: Db; config: Config },
): void {
  registry.add({
    createQueues: createThreadEmailQueue,
    registerWorkers: (workers) =>
      registerThreadEmailWorker(workers, deps.threadEmails, deps.adminDb, deps.config),
  });
}
