import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import { jobLeasesRepository as leases } from './job-leases.repository.js';
import type { CrashHook } from './job-workers.js';

// Leases and unleased jobs looked at per sweep; more wait for the next one, seconds later.
const SWEEP_BATCH = 100;
const REASON = 'The worker running this job stopped (its lease was not renewed).';

// One transaction: the stale leases and unleased active jobs are locked (SKIP LOCKED, so two
// processes sweeping at once never both hand a job back), each job is failed through pg-boss's own
// fail() and made due at once, the queue's crash hook runs, and the lease goes, all committed
// together. Answers how many jobs were handed back.
export async function sweepExpiredLeases(options: {
  db: Db;
  boss: PgBoss;
  leaseSeconds: number;
  // The queues this process registered, with their crash hooks.
  queues: ReadonlyMap<string, CrashHook | undefined>;
  log: (error: Error) => void;
}): Promise<number> {
  const { boss, queues } = options;
  const names = [...queues.keys()];
  // A hook that throws rolls the whole sweep back; the next sweep tries again, and pg-boss's own
  // expiry remains behind it.
  const handed = await options.db.transaction().execute(async (tx) => {
    const back = [];
    for (const lease of await leases.stale(tx, names, options.leaseSeconds, SWEEP_BATCH)) {
      const job = await leases.lockActiveAttempt(tx, lease);
      // Another transaction holds the job (pg-boss completing it): the next sweep looks again.
      if (job === 'busy') continue;
      // Completed, failed, or already fetched again after pg-boss's own expiry: only the lease goes.
      if (job === 'active') back.push(await leases.handBack(tx, boss, lease, REASON));
      await leases.remove(tx, lease);
    }
    for (const key of await leases.unleased(tx, names, options.leaseSeconds, SWEEP_BATCH)) {
      back.push(await leases.handBack(tx, boss, key, REASON));
    }
    for (const job of back) {
      await queues.get(job.queue)?.(tx, { id: job.jobId, data: job.data }, { again: job.again });
    }
    return back;
  });
  for (const job of handed) {
    options.log(new Error(`Job ${job.queue} ${job.jobId} handed back after its worker stopped.`));
  }
  return handed.length;
}
