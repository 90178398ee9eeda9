import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { Tx } from '../tenant-transaction.js';
import { type LeaseKey, jobLeasesRepository as leases } from './job-leases.repository.js';
import { sweepExpiredLeases } from './lease-sweeper.js';

// Issue 12, finding 4. pg-boss alone notices a dead worker only when the job's expireInSeconds has
// passed (15 minutes by default) and its maintenance has run: a crashed export stayed 'running' for
// about 17. Every queue's worker is therefore registered here: while a handler runs, its process
// keeps a lease per job (job_leases) and renews it every JOB_HEARTBEAT_SECONDS; a sweeper in every
// worker process hands the job of a lease not renewed for JOB_LEASE_SECONDS back to pg-boss, to run
// again at once. pg-boss's expiry stays the guard for a worker that is alive but hung.

export type JobContext = {
  // Aborted when this process lost the job's lease (it was swept as dead, or pg-boss's expiry gave
  // the job to another worker): a handler stops before an effect another attempt will repeat.
  signal: AbortSignal;
};

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>, context: JobContext) => Promise<unknown>;

// Run in the sweeper's transaction when a job is handed back after its worker died, before any
// worker can fetch it again: `again` is false when pg-boss's retry limit made it fail for good.
export type CrashHook = (
  tx: Tx,
  job: { id: string; data: unknown },
  outcome: { again: boolean },
) => Promise<void>;

export type WorkerOptions = PgBoss.WorkOptions & { onCrash?: CrashHook };

export type JobWorkers = {
  readonly boss: PgBoss;
  readonly workerId: string;
  register<T>(queue: string, handler: JobHandler<T>, options?: WorkerOptions): Promise<void>;
  // One sweep now (also run every JOB_LEASE_SECONDS / 3 once started); answers the jobs handed back.
  sweep(): Promise<number>;
  start(): void;
  stop(): void;
};

// A crash uses one of the job's retries (so a job that kills its worker every time ends 'failed');
// every queue keeps at least this many, so an ordinary crash never exhausts them.
export const MIN_JOB_RETRIES = 3;

export async function createJobQueue(
  boss: PgBoss,
  name: string,
  options: Omit<PgBoss.Queue, 'name'> = {},
): Promise<void> {
  const queue: PgBoss.Queue = {
    ...options,
    name,
    retryLimit: Math.max(options.retryLimit ?? MIN_JOB_RETRIES, MIN_JOB_RETRIES),
  };
  await boss.createQueue(name, queue);
  // createQueue leaves an existing queue as it was: a database made before a change of these
  // options gets them too (new jobs copy them when they are sent).
  await boss.updateQueue(name, { ...queue, policy: queue.policy ?? 'standard' });
}

export function createJobWorkers(options: {
  boss: PgBoss;
  // The owning role's pool: leases and pgboss.job span every tenant.
  db: Db;
  heartbeatSeconds: number;
  leaseSeconds: number;
  log: (error: Error) => void;
}): JobWorkers {
  const { boss, db, log } = options;
  const workerId = randomUUID();
  const running = new Map<string, AbortController>();
  const hooks = new Map<string, CrashHook | undefined>();
  const keyOf = (k: LeaseKey) => `${k.queue}\u0000${k.jobId}`;
  let timers: NodeJS.Timeout[] = [];
  // When this process got the database back after losing it (0: never lost it). While the database
  // was down no lease was renewed, so sweeping the moment it returns would take live workers for
  // dead: the sweeper first waits one lease, time enough for every live worker's heartbeat.
  let reconnectedAt: number | null = 0;
  const reached = () => {
    reconnectedAt ??= Date.now();
  };
  const lost = (error: unknown) => {
    reconnectedAt = null;
    throw error;
  };

  async function heartbeat(): Promise<void> {
    if (running.size === 0) return;
    const before = [...running.keys()];
    const held = new Set((await leases.renew(db, workerId).catch(lost)).map(keyOf));
    reached();
    for (const key of before) {
      const controller = running.get(key);
      if (controller && !held.has(key)) controller.abort(new Error('The job lease was lost.'));
    }
  }

  async function sweep(): Promise<number> {
    if (reconnectedAt === null) {
      await leases.ping(db).catch(lost);
      reached();
    }
    if (Date.now() - (reconnectedAt ?? Date.now()) < options.leaseSeconds * 1000) return 0;
    return sweepExpiredLeases({ db, boss, leaseSeconds: options.leaseSeconds, queues: hooks, log }).catch(
      lost,
    );
  }

  return {
    boss,
    workerId,
    sweep,

    async register<T>(queue: string, handler: JobHandler<T>, workOptions: WorkerOptions = {}) {
      const { onCrash, ...rest } = workOptions;
      hooks.set(queue, onCrash);
      await boss.work<T>(queue, { ...rest, includeMetadata: true }, async (jobs) => {
        const keys = jobs.map((job) => ({ queue, jobId: job.id }));
        // Before the handler starts: a death from here on leaves a lease to sweep. A death between
        // pg-boss's fetch and this insert leaves none; the sweeper takes unleased active jobs too.
        await leases.take(
          db,
          workerId,
          jobs.map((job) => ({ queue, jobId: job.id, attempt: job.retryCount })),
        );
        for (const key of keys) running.set(keyOf(key), new AbortController());
        try {
          for (const job of jobs) {
            const controller = running.get(keyOf({ queue, jobId: job.id }));
            if (!controller || controller.signal.aborted) continue;
            await handler(job, { signal: controller.signal });
          }
        } finally {
          for (const key of keys) running.delete(keyOf(key));
          await leases.release(db, workerId, keys).catch(log);
        }
      });
    },

    start() {
      const beat = setInterval(() => void heartbeat().catch(log), options.heartbeatSeconds * 1000);
      // A third of the lease: a dead worker's job is handed back within about 1.33 leases.
      const everySeconds = Math.max(1, Math.floor(options.leaseSeconds / 3));
      const sweeping = setInterval(() => void sweep().catch(log), everySeconds * 1000);
      timers = [beat, sweeping];
      for (const timer of timers) timer.unref();
      // At once too: a process (re)started after a crash picks up what the crash left.
      void sweep().catch(log);
    },

    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}
