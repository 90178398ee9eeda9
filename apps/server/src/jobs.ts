import type PgBoss from 'pg-boss';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerUnusedUploadsPurge } from './modules/attachments/index.js';
import { createExportQueue, createExportRunner, registerExportWorker } from './modules/exports/index.js';
import {
  createIntegrationRunner,
  createIntegrationRunQueue,
  registerIntegrationWorker,
} from './modules/integrations/index.js';
import {
  announceComment,
  createThreadEmailQueue,
  createThreadEmails,
  registerThreadEmailWorker,
} from './modules/mentions/index.js';
import {
  createReportSubscriptionQueue,
  createReportSubscriptionRunner,
  registerReportSubscriptionWorker,
} from './modules/reports/index.js';
import { createFileStore } from './platform/files/create-file-store.js';
import { type JobQueue, type JobRegistration, openJobQueue } from './platform/jobs/job-queue.js';
import { registerSessionCleanup } from './platform/jobs/session-cleanup.js';
import { createMailDeliveryQueue, registerMailDelivery } from './platform/mail/mail-delivery-job.js';
import { createMailer } from './platform/mail/mailer.js';
import { type RealtimePublisher, silentPublisher } from './platform/realtime/realtime-publisher.js';

export type StartJobQueueOptions = {
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
};

// The job queue of an API or `npm run worker` process, composed here as app.ts composes routes: the
// platform's queue (platform/jobs) with each area's queues and workers.
export function startJobQueue(options: StartJobQueueOptions): Promise<JobQueue> {
  return openJobQueue(options, jobRegistrations(options));
}

function jobRegistrations(options: StartJobQueueOptions): JobRegistration[] {
  const { config, adminDb, log } = options;
  const realtime = options.realtime ?? silentPublisher;
  const none = async () => {};
  return [
    { createQueues: none, registerWorkers: (workers) => registerSessionCleanup(workers, adminDb) },
    {
      createQueues: createMailDeliveryQueue,
      registerWorkers: (workers) =>
        registerMailDelivery(workers, createMailer({ config, db: adminDb, jobs: null, log }), adminDb),
    },
    {
      createQueues: createIntegrationRunQueue,
      registerWorkers: (workers, boss) => {
        const integrations = createIntegrationRunner({
          db: adminDb,
          jobs: boss,
          realtime,
          announceComment: (effects) =>
            announceComment(
              { realtime, jobs: boss, delaySeconds: config.THREAD_EMAIL_DELAY_SECONDS, log },
              effects,
            ),
          log,
        });
        return registerIntegrationWorker(workers, integrations, adminDb);
      },
    },
    {
      createQueues: none,
      registerWorkers: (workers) => registerUnusedUploadsPurge(workers, adminDb, createFileStore(config)),
    },
    {
      createQueues: createExportQueue,
      registerWorkers: (workers, boss) => {
        const files = createFileStore(config);
        const exports = createExportRunner({ db: options.appDb ?? adminDb, files, jobs: boss, log });
        return registerExportWorker(workers, exports, adminDb, files);
      },
    },
    // Comment e-mails: one per person for the comments of THREAD_EMAIL_DELAY_SECONDS, handed to SMTP
    // delivery at once.
    {
      createQueues: createThreadEmailQueue,
      registerWorkers: (workers, boss: PgBoss) => {
        const threadEmails = createThreadEmails({
          config,
          db: adminDb,
          mail: createMailer({ config, db: adminDb, jobs: boss, log }),
          jobs: boss,
          log,
        });
        return registerThreadEmailWorker(workers, threadEmails, adminDb, config);
      },
    },
    // Report subscriptions (spec 2 §9.4): the report runs as each recipient, so through the
    // application role's pool, which row-level security binds.
    {
      createQueues: createReportSubscriptionQueue,
      registerWorkers: (workers, boss) => {
        const db = options.appDb ?? adminDb;
        const reportSubscriptions = createReportSubscriptionRunner({
          config,
          db,
          mail: createMailer({ config, db, jobs: boss, log }),
          jobs: boss,
          log,
        });
        return registerReportSubscriptionWorker(workers, reportSubscriptions);
      },
    },
  ];
}
