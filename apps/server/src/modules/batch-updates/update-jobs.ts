import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { type CrashHook, createJobQueue } from '../../platform/jobs/job-workers.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { useTenant, withTenant } from '../../platform/tenant-transaction.js';
import type { StepIntegrations } from '../workflows/index.js';
import { batchUpdatesRepository as updates } from './batch-updates.repository.js';
import {
  BATCH_UPDATE_QUEUE,
  type BatchUpdateJob,
  batchUpdateJobKey,
  createBatchUpdateRunner,
} from './update-runner.js';

export const BATCH_UPDATE_SWEEP_QUEUE = 'batch-updates.sweep';

// In the sweeper's transaction, before a worker takes the job again. The cursors stay: an update
// resumes from its last whole batch. A running apply goes back to queued; a preview or an undo keeps
// its state (its phase is its state). When pg-boss gave up, the update fails.
export const requeueCrashedBatchUpdate: CrashHook = async (tx, job, { again }) => {
  const { tenantId, updateId } = job.data as BatchUpdateJob;
  await useTenant(tx, tenantId);
  const update = await updates.find(tx, updateId);
  if (!update) return;
  if (!again) {
    await updates.update(tx, updateId, { state: 'failed', error: 'The batch update job failed.' });
  } else if (update.state === 'running') {
    await updates.update(tx, updateId, { state: 'queued', requeued_at: new Date() });
  }
};

// Hourly: updates left waiting by a process that stopped before handing them over.
async function sweepBatchUpdates(
  boss: { send(queue: string, data: object, options?: object): Promise<unknown> },
  adminDb: Db,
) {
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    const ids = await withTenant(adminDb, tenantId, (tx) => updates.activeIds(tx, 100));
    for (const updateId of ids) {
      const job = { tenantId, updateId };
      await boss.send(BATCH_UPDATE_QUEUE, job, { singletonKey: batchUpdateJobKey(job) });
    }
  }
}

export function registerBatchUpdateJobs(
  registry: JobRegistry,
  deps: { db: Db; adminDb: Db; realtime: RealtimePublisher; integrations: StepIntegrations },
): void {
  const runner = createBatchUpdateRunner({
    db: deps.db,
    jobs: null,
    realtime: deps.realtime,
    integrations: deps.integrations,
  });
  registry.add({
    createQueues: async (boss) => {
      await createJobQueue(boss, BATCH_UPDATE_QUEUE, {
        policy: 'stately',
        retryDelay: 30,
        expireInMinutes: 60,
      });
      await createJobQueue(boss, BATCH_UPDATE_SWEEP_QUEUE);
    },
    registerWorkers: async (workers, boss) => {
      await workers.register<BatchUpdateJob>(
        BATCH_UPDATE_QUEUE,
        (job, { signal }) => runner.run(job.data.tenantId, job.data.updateId, { signal }),
        { onCrash: requeueCrashedBatchUpdate },
      );
      await boss.schedule(BATCH_UPDATE_SWEEP_QUEUE, '47 * * * *');
      await workers.register(BATCH_UPDATE_SWEEP_QUEUE, () => sweepBatchUpdates(boss, deps.adminDb));
    },
  });
}
