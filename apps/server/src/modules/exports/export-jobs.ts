import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { EXPORT_QUEUE, type ExportJob, type ExportRunner, exportJobKey } from './export-runner.js';
import { exportsRepository } from './exports.repository.js';

export const EXPORT_PURGE_QUEUE = 'exports.purge-expired';

// A worker that dies mid-file leaves the export running: the retry takes it over (reclaim). An
// export that cannot be written fails at once (the runner records it), so retries are for crashes.
export async function createExportQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(EXPORT_QUEUE, {
    name: EXPORT_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInMinutes: 60,
  });
}

// Build the runner on the application role's pool, so the export's query runs under row-level
// security like the list it copies.
export async function registerExportWorker(
  boss: PgBoss,
  runner: ExportRunner,
  adminDb: Db,
  files: FileStore,
): Promise<void> {
  await boss.work<ExportJob>(EXPORT_QUEUE, { includeMetadata: true }, async (jobs) => {
    for (const job of jobs) {
      await runner.run(job.data.tenantId, job.data.exportId, { reclaim: job.retryCount > 0 });
    }
  });
  // Hourly: expired exports lose their file and their row (EXPORT_RETENTION_HOURS), and exports left
  // queued by a process that stopped before handing them over are handed over again.
  await boss.createQueue(EXPORT_PURGE_QUEUE);
  await boss.schedule(EXPORT_PURGE_QUEUE, '23 * * * *');
  await boss.work(EXPORT_PURGE_QUEUE, async () => {
    await purgeExpiredExports(adminDb, files);
    await sweepQueuedExports(boss, adminDb);
  });
}

// Runs as the owning role, past row-level security: every statement names the tenant.
export async function purgeExpiredExports(adminDb: Db, files: FileStore): Promise<number> {
  const tenants = await adminDb.selectFrom('tenants').select('id').execute();
  let purged = 0;
  for (const { id: tenantId } of tenants) {
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
  const tenants = await adminDb.selectFrom('tenants').select('id').execute();
  for (const { id: tenantId } of tenants) {
    const queued = await withTenant(adminDb, tenantId, (tx) =>
      exportsRepository.queuedIds(tx, tenantId, 100),
    );
    for (const exportId of queued) {
      const job: ExportJob = { tenantId, exportId };
      await boss.send(EXPORT_QUEUE, job, { singletonKey: exportJobKey(job) });
    }
  }
}
