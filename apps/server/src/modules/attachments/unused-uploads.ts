import type { Db } from '../../db/database.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { createJobQueue, type JobWorkers } from '../../platform/jobs/job-workers.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { deleteUnusedUploads, storageKeysInUse } from './unused-uploads.repository.js';

export const UNUSED_UPLOADS_QUEUE = 'attachments.purge-unused';
// An upload no answer ever named is abandoned after this long (the person closed the page before
// saving). Files any answer version named stay: the answer history is the audit trail.
export const UNUSED_UPLOAD_RETENTION_DAYS = 7;

// A run repeated after a crash finds what the first left (rows go before their files).
export async function registerUnusedUploadsPurge(
  workers: JobWorkers,
  adminDb: Db,
  files: FileStore,
): Promise<void> {
  await createJobQueue(workers.boss, UNUSED_UPLOADS_QUEUE);
  await workers.boss.schedule(UNUSED_UPLOADS_QUEUE, '41 3 * * *');
  await workers.register(UNUSED_UPLOADS_QUEUE, () => purgeUnusedUploads(adminDb, files));
}

// Runs as the owning role, past row-level security: every statement names the tenant.
export async function purgeUnusedUploads(adminDb: Db, files: FileStore): Promise<number> {
  const tenants = await tenantsRepository.allIds(adminDb);
  let purged = 0;
  for (const tenantId of tenants) {
    const keys = await withTenant(adminDb, tenantId, async (tx) => {
      const deleted = await deleteUnusedUploads(tx, tenantId, UNUSED_UPLOAD_RETENTION_DAYS);
      purged += deleted.length;
      const candidates = [...new Set(deleted)];
      if (candidates.length === 0) return [];
      // One stored file may stand behind several attachments (the demo's sample files).
      const kept = await storageKeysInUse(tx, tenantId, candidates);
      return candidates.filter((key) => !kept.has(key));
    });
    // After the rows are gone: a failed delete leaves a file no row names, which is harmless.
    for (const key of keys) await files.delete(key);
  }
  return purged;
}

export function registerUnusedUploadsJobs(
  registry: JobRegistry,
  deps: { adminDb: Db; files: FileStore },
): void {
  registry.add({
    createQueues: async () => {},
    registerWorkers: (workers) => registerUnusedUploadsPurge(workers, deps.adminDb, deps.files),
  });
}
