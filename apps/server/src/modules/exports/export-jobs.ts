import { EXPORT_MESSAGES } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { type CrashHook, createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { useTenant, withTenant } from '../../platform/tenant-transaction.js';
import { EXPORT_QUEUE, type ExportJob, type ExportRunner, exportJobKey } from './export-runner.js';
import { exportsRepository } from './exports.repository.js';

export const EXPORT_PURGE_QUEUE = 'exports.purge-expired';

// An export that cannot be written fails at once (the runner records it), so retries are for a
// worker that died (handed back within about a minute by the job lease sweeper) or hung (pg-boss's
// expiry, the hour below).
export async function createExportQueue(boss: PgBoss): Promise<void> {
  await createJobQueue(boss, EXPORT_QUEUE, {
    policy: 'stately',
    retryDelay: 30,
    expireInMinutes: 60,
  });
}

// In the sweeper's transaction, before any worker can take the job again: the export shows as queued
// and stops counting toward the user's limit; it fails if pg-boss gave up on it.
export const requeueCrashedExport: CrashHook = async (tx, job, { again }) => {
  const { tenantId, exportId } = job.data as ExportJob;
  await useTenant(tx, tenantId);
  if (again) await exportsRepository.requeue(tx, tenantId, exportId);
  else await exportsRepository.fail(tx, tenantId, exportId, EXPORT_MESSAGES.failed);
};

// Build the runner on the application role's pool, so the export's query runs under row-level
// security like the list it copies.
// A repeated attempt takes the export over (reclaim), writes its file under the same name (replacing
// what a dead attempt left) and records it once.
export async function registerExportWorker(
  workers: JobWorkers,
  runner: ExportRunner,
  adminDb: Db,
  files: FileStore,
): Promise<void> {
  const { boss } = workers;
  await workers.register<ExportJob>(
    EXPORT_QUEUE,
    (job) => runner.run(job.data.tenantId, job.data.exportId, { reclaim: job.retryCount > 0 }),
    { onCrash: requeueCrashedExport },
  );
  // Hourly: expired exports lose their file and their row (EXPORT_RETENTION_HOURS), and exports left
  // queued by a process that stopped before handing them over are handed over again.
  await createJobQueue(boss, EXPORT_PURGE_QUEUE);
  await boss.schedule(EXPORT_PURGE_QUEUE, '23 * * * *');
  await workers.register(EXPORT_PURGE_QUEUE, async () => {
    await purgeExpiredExports(adminDb, files);
    await sweepQueuedExports(boss, adminDb);
  });
}

// Runs as the owning role, past row-level security: every statement names the tenant.
export async function purgeExpiredExports(adminDb: Db, files: FileStore): Promise<number> {
  const tenants = await tenantsRepository.allIds(adminDb);
  let purged = 0;
  for (const tenantId of tenants) {
    const keys = await withTenant(adminDb, tenantId, (tx) => exportsRepository.deleteExpired(tx, tenantId));
    // After the rows are gone: a failed delete leaves a file no row names, which is harmless.
    for (const key of keys) await files.delete(key);
    purged += keys.length;
  }
  return purged;
}

export async function sweepQueuedExports(
  boss: { send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown> },
  adminDb: Db,
): Promise<void> {
  const tenants = await tenantsRepository.allIds(adminDb);
  for (const tenantId of tenants) {
    const queued = await withTenant(adminDb, tenantId, (tx) =>
      exportsRepository.queuedIds(tx, tenantId, 100),
    );
    for (const exportId of queued) {
      const job: ExportJob = { tenantId, exportId };
      await boss.send(EXPORT_QUEUE, job, { singletonKey: exportJobKey(job) });
    }
  }
}

// The runner works on the application role's pool (src/services.ts), so the export's query runs
// under row-level security like the list it copies; the purge and the sweep span every tenant.
export function registerExportJobs(
  registry: JobRegistry,
  deps: { workflowExports: ExportRunner; adminDb: Db; files: FileStore },
): void {
  registry.add({
    createQueues: createExportQueue,
    registerWorkers: (workers) =>
      registerExportWorker(workers, deps.workflowExports, deps.adminDb, deps.files),
  });
}
