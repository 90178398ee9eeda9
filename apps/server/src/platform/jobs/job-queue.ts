import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { registerUnusedUploadsPurge } from '../../modules/attachments/unused-uploads.js';
import { createExportQueue, registerExportWorker } from '../../modules/exports/export-jobs.js';
import { createExportRunner } from '../../modules/exports/export-runner.js';
import {
  createIntegrationRunQueue,
  registerIntegrationWorker,
} from '../../modules/integrations/integration-jobs.js';
import { createIntegrationRunner } from '../../modules/integrations/integration-runner.js';
import { announceComment } from '../../modules/mentions/comment-fanout.js';
import {
  createThreadEmailQueue,
  createThreadEmails,
  registerThreadEmailWorker,
} from '../../modules/mentions/thread-emails.js';
import {
  createReportSubscriptionQueue,
  createReportSubscriptionRunner,
  registerReportSubscriptionWorker,
} from '../../modules/reports/report-subscription-jobs.js';
import { createFileStore } from '../files/create-file-store.js';
import { createMailDeliveryQueue, registerMailDelivery } from '../mail/mail-delivery-job.js';
import { createMailer } from '../mail/mailer.js';
import { type RealtimePublisher, silentPublisher } from '../realtime/realtime-publisher.js';
import { createJobQueueDb } from './job-queue-db.js';
import { createJobWorkers, type JobWorkers } from './job-workers.js';
import { registerSessionCleanup } from './session-cleanup.js';

// `workers` is null in a process that only enqueues.
export type JobQueue = { boss: PgBoss; workers: JobWorkers | null; stop: () => Promise<void> };

// Durable jobs on the same PostgreSQL (pg-boss, SKIP LOCKED), so any number of API or worker
// processes share the work. `runWorkers` false makes a process that only enqueues.
export async function startJobQueue(options: {
  config: Config;
  adminUrl: string;
  adminDb: Db;
  // The application role's pool, for jobs that read as a request does (exports); adminDb without it.
  appDb?: Db;
  runWorkers: boolean;
  // Where the workers' live events go: the in-process socket.io server, or the Redis emitter in a
  // process without one (realtime/redis-clients.ts). Unset: nowhere.
  realtime?: RealtimePublisher;
  log: (error: Error) => void;
}): Promise<JobQueue> {
  const queueDb = createJobQueueDb(options.adminUrl, options.log);
  const boss = new PgBoss({ db: queueDb.db, schema: 'pgboss' });
  // pg-boss reports connection loss here; without a listener the process would crash.
  boss.on('error', options.log);
  await boss.start();
  // Processes that only enqueue still need the queues to exist.
  await createMailDeliveryQueue(boss);
  await createIntegrationRunQueue(boss);
  await createExportQueue(boss);
  await createThreadEmailQueue(boss);
  await createReportSubscriptionQueue(boss);
  // Every worker goes through the job lease registry (job-workers.ts), so a job whose worker died is
  // handed back within about a minute, whatever its queue.
  const workers = options.runWorkers
    ? createJobWorkers({
        boss,
        db: options.adminDb,
        heartbeatSeconds: options.config.JOB_HEARTBEAT_SECONDS,
        leaseSeconds: options.config.JOB_LEASE_SECONDS,
        log: options.log,
      })
    : null;
  if (workers) {
    await registerSessionCleanup(workers, options.adminDb);
    const mailer = createMailer({
      config: options.config,
      db: options.adminDb,
      jobs: null,
      log: options.log,
    });
    await registerMailDelivery(workers, mailer, options.adminDb);
    const realtime = options.realtime ?? silentPublisher;
    const integrations = createIntegrationRunner({
      db: options.adminDb,
      jobs: boss,
      realtime,
      announceComment: (effects) =>
        announceComment(
          { realtime, jobs: boss, delaySeconds: options.config.THREAD_EMAIL_DELAY_SECONDS, log: options.log },
          effects,
        ),
      log: options.log,
    });
    await registerIntegrationWorker(workers, integrations, options.adminDb);
    await registerUnusedUploadsPurge(workers, options.adminDb, createFileStore(options.config));
    const files = createFileStore(options.config);
    const exports = createExportRunner({
      db: options.appDb ?? options.adminDb,
      files,
      jobs: boss,
      log: options.log,
    });
    await registerExportWorker(workers, exports, options.adminDb, files);
    // Comment e-mails: one per person for the comments of THREAD_EMAIL_DELAY_SECONDS, handed to SMTP
    // delivery at once.
    const threadEmails = createThreadEmails({
      config: options.config,
      db: options.adminDb,
      mail: createMailer({ config: options.config, db: options.adminDb, jobs: boss, log: options.log }),
      jobs: boss,
      log: options.log,
    });
    await registerThreadEmailWorker(workers, threadEmails, options.adminDb, options.config);
    // Report subscriptions (spec 2 §9.4): the report runs as each recipient, so through the
    // application role's pool, which row-level security binds.
    const reportSubscriptions = createReportSubscriptionRunner({
      config: options.config,
      db: options.appDb ?? options.adminDb,
      mail: createMailer({
        config: options.config,
        db: options.appDb ?? options.adminDb,
        jobs: boss,
        log: options.log,
      }),
      jobs: boss,
      log: options.log,
    });
    await registerReportSubscriptionWorker(workers, reportSubscriptions);
    workers.start();
  }
  return {
    boss,
    workers,
    stop: async () => {
      // Heartbeats go on while the handlers finish; then leases are released and renewal stops.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      workers?.stop();
      await queueDb.close();
    },
  };
}
