import type PgBoss from 'pg-boss';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { type CrashHook, createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import { useTenant } from '../../platform/tenant-transaction.js';
import {
  SCHEDULER_RUN_QUEUE,
  SCHEDULER_TICK_QUEUE,
  type SchedulerJob,
  type SchedulerRunner,
} from './scheduler-runner.js';
import { runsRepository } from './scheduler-runs.repository.js';

// A run records its own failures (the runner's bounded retries of the upload included), so the
// queue retries only after a worker died (the job lease sweeper hands the job back) or hung.
export async function createSchedulerQueues(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, SCHEDULER_RUN_QUEUE, { policy: 'stately', retryDelay: 30, expireInMinutes: 60 });
  await createJobQueue(boss, SCHEDULER_TICK_QUEUE, { policy: 'singleton', expireInMinutes: 5 });
}

// In the sweeper's transaction: the run a dead worker held waits again (or fails for good).
export const requeueCrashedRun: CrashHook = async (tx, job, { again }) => {
  const { tenantId, runId } = job.data as SchedulerJob;
  await useTenant(tx, tenantId);
  if (again) await runsRepository.requeue(tx, tenantId, runId);
  else {
    await runsRepository.finish(tx, tenantId, runId, {
      state: 'failed',
      message: 'The export stopped: its worker died too often.',
      rows: null,
      bytes: null,
      fileName: null,
    });
  }
};

// A retried job (its worker died) takes over the run its dead attempt had claimed.
export async function registerSchedulerRunWorker(
  workers: JobWorkers,
  runner: SchedulerRunner,
): Promise<void> {
  await workers.register<SchedulerJob>(
    SCHEDULER_RUN_QUEUE,
    (job) => runner.run(job.data.tenantId, job.data.runId, { reclaim: job.retryCount > 0 }),
    { onCrash: requeueCrashedRun },
  );
}

// The tick every minute (pg-boss's cron `schedule`: one tick a minute across every process), and
// once at start so a worker that was down catches up at once.
export async function registerSchedulerWorkers(workers: JobWorkers, runner: SchedulerRunner): Promise<void> {
  const { boss } = workers;
  await registerSchedulerRunWorker(workers, runner);
  await boss.schedule(SCHEDULER_TICK_QUEUE, '* * * * *');
  await workers.register(SCHEDULER_TICK_QUEUE, () => runner.tick());
  await boss.send(SCHEDULER_TICK_QUEUE, {});
}

export function registerSchedulerJobs(registry: JobRegistry, deps: { scheduler: SchedulerRunner }): void {
  registry.add({
    createQueues: createSchedulerQueues,
    registerWorkers: (workers) => registerSchedulerWorkers(workers, deps.scheduler),
  });
}
