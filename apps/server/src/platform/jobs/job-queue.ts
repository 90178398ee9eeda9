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
import { createFileStore } from '../files/create-file-store.js';
import { createMailDeliveryQueue, registerMailDelivery } from '../mail/mail-delivery-job.js';
import { createMailer } from '../mail/mailer.js';
import { registerSessionCleanup } from './session-cleanup.js';

export type JobQueue = { boss: PgBoss; stop: () => Promise<void> };

// Durable jobs on the same PostgreSQL (pg-boss, SKIP LOCKED), so any number of API or worker
// processes share the work. `runWorkers` false makes a process that only enqueues.
export async function startJobQueue(options: {
  config: Config;
  adminUrl: string;
  adminDb: Db;
  // The application role's pool, for jobs that read as a request does (exports); adminDb without it.
  appDb?: Db;
  runWorkers: boolean;
  log: (error: Error) => void;
}): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: options.adminUrl, schema: 'pgboss', max: 4 });
  // pg-boss reports connection loss here; without a listener the process would crash.
  boss.on('error', options.log);
  await boss.start();
  // Processes that only enqueue still need the queues to exist.
  await createMailDeliveryQueue(boss);
  await createIntegrationRunQueue(boss);
  await createExportQueue(boss);
  if (options.runWorkers) {
    await registerSessionCleanup(boss, options.adminDb);
    const mailer = createMailer({
      config: options.config,
      db: options.adminDb,
      jobs: null,
      log: options.log,
    });
    await registerMailDelivery(boss, mailer, options.adminDb);
    const integrations = createIntegrationRunner({ db: options.adminDb, jobs: boss, log: options.log });
    await registerIntegrationWorker(boss, integrations, options.adminDb);
    await registerUnusedUploadsPurge(boss, options.adminDb, createFileStore(options.config));
    const files = createFileStore(options.config);
    const exports = createExportRunner({
      db: options.appDb ?? options.adminDb,
      files,
      jobs: boss,
      log: options.log,
    });
    await registerExportWorker(boss, exports, options.adminDb, files);
  }
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}
