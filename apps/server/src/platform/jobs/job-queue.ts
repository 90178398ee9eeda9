import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createJobQueueDb } from './job-queue-db.js';
import { createJobWorkers, type JobWorkers } from './job-workers.js';

// What one area brings to the job queue: its queues, which every process needs (processes that only
// enqueue too), and its workers, registered only where jobs run. Modules hand theirs in where the
// process is composed (src/jobs.ts); the platform offers the queue and the lease registry.
export type JobRegistration = {
  createQueues: (boss: PgBoss) => Promise<void>;
  registerWorkers?: (workers: JobWorkers, boss: PgBoss) => Promise<void>;
};

// `workers` is null in a process that only enqueues.
export type JobQueue = { boss: PgBoss; workers: JobWorkers | null; stop: () => Promise<void> };

// Durable jobs on the same PostgreSQL (pg-boss, SKIP LOCKED), so any number of API or worker
// processes share the work. `runWorkers` false makes a process that only enqueues.
export async function openJobQueue(
  options: {
    config: Config;
    adminUrl: string;
    adminDb: Db;
    runWorkers: boolean;
    log: (error: Error) => void;
  },
  registrations: readonly JobRegistration[],
): Promise<JobQueue> {
  const queueDb = createJobQueueDb(options.adminUrl, options.log);
  const boss = new PgBoss({ db: queueDb.db, schema: 'pgboss' });
  // pg-boss reports connection loss here; without a listener the process would crash.
  boss.on('error', options.log);
  await boss.start();
  for (const registration of registrations) await registration.createQueues(boss);
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
    for (const registration of registrations) await registration.registerWorkers?.(workers, boss);
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
