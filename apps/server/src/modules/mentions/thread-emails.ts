import { BRANDS, type BrandKey } from '@attest/shared';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { tenantPublicUrl } from '../../platform/mail/public-url.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition, visibleWorkflowsFilter } from '../workflows/index.js';
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

type Item = {
  id: string;
  reason: 'subscribed' | 'mentioned';
  message_id: string;
  body: string;
  created_at: Date;
  deleted_at: Date | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  run_connector: string | null;
  thread_id: string;
  step_tag: string | null;
  field_tag: string | null;
  workflow_id: string;
  workflow_name: string;
  definition_id: string;
};

// Whether a pending item should still be sent: its message is live, its workflow visible to the
// person, and the reason still holds (still subscribed; the mention not removed by an edit).
async function stillDue(tx: Tx, tenantId: string, userId: string, items: Item[]): Promise<Item[]> {
  const live = items.filter((i) => i.deleted_at === null);
  if (live.length === 0) return [];
  const [visible, subscriptions, mentions] = await Promise.all([
    tx
      .selectFrom('workflows as w')
      .select('w.id')
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', 'in', [...new Set(live.map((i) => i.workflow_id))])
      .where(visibleWorkflowsFilter(userId))
      .execute(),
    tx
      .selectFrom('thread_subscriptions')
      .select('thread_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('subscribed', '=', true)
      .where('thread_id', 'in', [...new Set(live.map((i) => i.thread_id))])
      .execute(),
    tx
      .selectFrom('mentions')
      .select('message_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where(
        'message_id',
        'in',
        live.map((i) => i.message_id),
      )
      .execute(),
  ]);
  const canSee = new Set(visible.map((r) => r.id));
  const following = new Set(subscriptions.map((r) => r.thread_id));
  const mentionedIn = new Set(mentions.map((r) => r.message_id));
  return live.filter(
    (i) =>
      canSee.has(i.workflow_id) &&
      (i.reason === 'mentioned' ? mentionedIn.has(i.message_id) : following.has(i.thread_id)),
  );
}

// Works through adminDb in the worker (a role row-level security may not bind), so every statement
// names the tenant as well as setting it.
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
      const items: Item[] = await tx
        .selectFrom('thread_email_items as i')
        .innerJoin('messages as m', (j) =>
          j.onRef('m.tenant_id', '=', 'i.tenant_id').onRef('m.id', '=', 'i.message_id'),
        )
        .innerJoin('threads as t', (j) =>
          j.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.thread_id'),
        )
        .innerJoin('workflows as w', (j) =>
          j.onRef('w.tenant_id', '=', 't.tenant_id').onRef('w.id', '=', 't.workflow_id'),
        )
        .leftJoin('users as a', (j) =>
          j.onRef('a.tenant_id', '=', 'm.tenant_id').onRef('a.id', '=', 'm.author_id'),
        )
        .leftJoin('integration_runs as r', (j) =>
          j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.integration_run_id'),
        )
        .select([
          'i.id',
          'i.reason',
          'i.message_id',
          'm.body',
          'm.created_at',
          'm.deleted_at',
          'a.first_name as author_first_name',
          'a.last_name as author_last_name',
          'a.email as author_email',
          'r.connector as run_connector',
          't.id as thread_id',
          't.step_tag',
          't.field_tag',
          'w.id as workflow_id',
          'w.name as workflow_name',
          'w.definition_id',
        ])
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.sent_at', 'is', null)
        .orderBy('m.created_at')
        .orderBy('i.id')
        // Two jobs for one person (a retry, a sweep) never send the same comment twice.
        .forUpdate('i')
        .skipLocked()
        .limit(1000)
        .execute();
      if (items.length === 0) return null;
      const [recipient, tenant] = await Promise.all([
        tx
          .selectFrom('users')
          .select(['email', 'first_name', 'is_active'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', userId)
          .executeTakeFirst(),
        tx
          .selectFrom('tenants')
          .select(['slug', 'brand'])
          .where('id', '=', tenantId)
          .executeTakeFirstOrThrow(),
      ]);
      const due = recipient?.is_active ? await stillDue(tx, tenantId, userId, items) : [];
      // Every pending item is settled now, sent or dropped, so it is never looked at again.
      await tx
        .updateTable('thread_email_items')
        .set({ sent_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where(
          'id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
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
    const rows = await withTenant(db, tenantId, (tx) =>
      tx
        .selectFrom('thread_email_items')
        .select('user_id')
        .distinct()
        .where('tenant_id', '=', tenantId)
        .where('sent_at', 'is', null)
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
        .limit(10_000)
        .execute(),
    );
    return rows.map((r) => r.user_id);
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
    const tenants = await adminDb.selectFrom('tenants').select('id').execute();
    for (const { id: tenantId } of tenants) {
      const rows = await withTenant(adminDb, tenantId, (tx) =>
        tx
          .selectFrom('thread_email_items')
          .select('user_id')
          .distinct()
          .where('tenant_id', '=', tenantId)
          .where('sent_at', 'is', null)
          .where(
            'created_at',
            '<',
            sql<Date>`now() - make_interval(secs => ${config.THREAD_EMAIL_DELAY_SECONDS + 300})`,
          )
          .limit(1000)
          .execute(),
      );
      for (const { user_id: userId } of rows) {
        const job: ThreadEmailJob = { tenantId, userId };
        await boss.send(THREAD_EMAIL_QUEUE, job, { singletonKey: threadEmailJobKey(job) });
      }
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    threadEmails: ThreadEmails;
  }
}
