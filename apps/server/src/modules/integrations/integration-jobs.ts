import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  INTEGRATION_RUN_QUEUE,
  type IntegrationJobSender,
  type IntegrationRunJob,
  integrationJobKey,
} from './integration-queue.js';
import type { IntegrationRunner } from './integration-runner.js';
import { integrationRunsRepository } from './integration-runs.repository.js';

export const INTEGRATION_SWEEP_QUEUE = 'integrations.sweep';

// A connector that fails on a passing problem (a network error) is tried again; a ConnectorError
// is recorded as failed at once and never retried (the runner catches it).
export async function createIntegrationRunQueue(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, INTEGRATION_RUN_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 15,
  });
}

export async function registerIntegrationWorker(
  workers: JobWorkers,
  runner: IntegrationRunner,
  adminDb: Db,
): Promise<void> {
  const { boss } = workers;
  // People wait on a run with the page open (it re-reads every few seconds): poll every second and
  // take a few at a time, so a backlog (a bulk import, the demo seed's open screenings) drains in
  // seconds rather than one run per default two-second poll.
  const options = { batchSize: 5, pollingIntervalSeconds: 1 } as const;
  // A retry follows an attempt that failed, expired or died mid-run: it takes the run over (claim
  // with reclaim), and the run's outcome is recorded once, in the transaction that finishes it.
  await workers.register<IntegrationRunJob>(
    INTEGRATION_RUN_QUEUE,
    async (job) => {
      await runner.run(job.data.tenantId, job.data.runId, { reclaim: job.retryCount > 0 });
    },
    options,
  );
  // A process that stops between committing a run and handing it to the queue leaves it waiting.
  await createJobQueue(boss, INTEGRATION_SWEEP_QUEUE);
  await boss.schedule(INTEGRATION_SWEEP_QUEUE, '*/5 * * * *');
  await workers.register(INTEGRATION_SWEEP_QUEUE, () => sweepWaitingRuns(boss, adminDb));
  // On start too, for runs left waiting while no worker ran. Runs younger than a minute are left
  // to the process that queued them (it dispatches after its commit).
  await sweepWaitingRuns(boss, adminDb);
}

export async function sweepWaitingRuns(boss: IntegrationJobSender, adminDb: Db): Promise<number> {
  const tenants = await tenantsRepository.allIds(adminDb);
  let handed = 0;
  for (const tenantId of tenants) {
    const waiting = await withTenant(adminDb, tenantId, (tx) =>
      integrationRunsRepository.waitingIds(tx, tenantId, { olderThanSeconds: 60, limit: 1000 }),
    );
    for (const runId of waiting) {
      const job: IntegrationRunJob = { tenantId, runId };
      await boss.send(INTEGRATION_RUN_QUEUE, job, { singletonKey: integrationJobKey(job) });
      handed += 1;
    }
  }
  return handed;
}

export function registerIntegrationJobs(
  registry: JobRegistry,
  deps: { integrations: IntegrationRunner; adminDb: Db },
): void {
  registry.add({
    createQueues: createIntegrationRunQueue,
    registerWorkers: (workers) => registerIntegrationWorker(workers, deps.integrations, deps.adminDb),
  });
}
