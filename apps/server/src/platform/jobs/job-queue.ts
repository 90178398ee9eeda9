import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createJobQueueDb } from './job-queue-db.js';
import { createJobWorkers, type JobWorkers } from './job-workers.js';

// What one area brings to the job queue: its queues, which every process needs (processes that only
// enqueue too), and its workers, registered only where jobs run.
export type JobRegistration = {
  createQueues: (boss: PgBoss) => Promise<void>;
  registerWorkers?: (workers: JobWorkers, boss: PgBoss) => Promise<void>;
};

// Modules and the platform add their jobs here (each module's registerXJobs, composed in src/jobs.ts);
// the platform never needs to know which modules there are.
export type JobRegistry = { add(registration: JobRegistration): void };

export type JobQueue = {
  // Open before the process's services are built, so they can send to it.
  boss: PgBoss;
  registry: JobRegistry;
  // Once the registrations are in: creates every queue and, where jobs run, starts the workers.
  start(options: { runWorkers: boolean }): Promise<void>;
  stop(): Promise<void>;
};

// Durable jobs on the same PostgreSQL (pg-boss, SKIP LOCKED), so any number of API or worker
// processes share the work. `runWorkers` false makes a process that only enqueues.
export async function openJobQueue(options: {
  config: Config;
  adminUrl: string;
  adminDb: Db;
  log: (error: Error) => void;
}): Promise<JobQueue> {
  const queueDb = createJobQueueDb(options.adminUrl, options.log);
  const boss = new PgBoss({ db: queueDb.db, schema: 'pgboss' });
  // pg-boss reports connection loss here; without a listener the process would crash.
  boss.on('error', options.log);
  await boss.start();
  const registrations: JobRegistration[] = [];
  // `workers` stays null in a process that only enqueues.
  let workers: JobWorkers | null = null;
  return {
    boss,
    registry: { add: (registration) => registrations.push(registration) },
    async start({ runWorkers }) {
      for (const registration of registrations) await registration.createQueues(boss);
      if (!runWorkers) return;
      // Every worker goes through the job lease registry (job-workers.ts), so a job whose worker died
      // is handed back within about a minute, whatever its queue.
      workers = createJobWorkers({
        boss,
        db: options.adminDb,
        heartbeatSeconds: options.config.JOB_HEARTBEAT_SECONDS,
        leaseSeconds: options.config.JOB_LEASE_SECONDS,
        log: options.log,
      });
      for (const registration of registrations) await registration.registerWorkers?.(workers, boss);
      workers.start();
    },
    async stop() {
      // Heartbeats go on while the handlers finish; then leases are released and renewal stops.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      workers?.stop();
      await queueDb.close();
    },
  };
}
