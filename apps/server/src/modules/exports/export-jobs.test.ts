import { EXPORT_PATHS, WorkflowExportSchema } from '@attest/shared';
import { describe, expect, inject, it } from 'vitest';
import { openServices } from '../../open-services.js';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { sweepQueuedExports } from './export-jobs.js';
import { createExportRunner, EXPORT_QUEUE, type ExportJob } from './export-runner.js';

const { app, adminDb, services } = await createTestApp();

async function queuedExport() {
  const t = await workflowTestTenant(app, adminDb);
  const admin = await t.signedIn('admin');
  await createVendorCheck(t, admin);
  const created = await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'xlsx' });
  expect(created.statusCode).toBe(202);
  return { t, admin, exported: WorkflowExportSchema.parse(created.json()) };
}

describe('exports through pg-boss', () => {
  it('runs a dispatched export in a real job worker on the application role', async () => {
    const { t, admin, exported } = await queuedExport();
    const jobs = await openServices({
      config: app.config,
      adminUrl: inject('adminUrl'),
      pools: { db: app.db, adminDb },
      log: () => {},
    });
    await jobs.start({ runWorkers: true });
    try {
      // Only this export's job is sent, so the worker never takes another test's export.
      const runner = createExportRunner({
        db: app.db,
        files: services.files,
        jobs: jobs.boss,
        log: () => {},
      });
      await runner.dispatch({ tenantId: t.id, exportId: String(exported.id) });
      await expect
        .poll(
          async () =>
            WorkflowExportSchema.parse((await admin.get(EXPORT_PATHS.export(exported.id))).json()).state,
          { timeout: 20_000, interval: 200 },
        )
        .toBe('finished');
      const download = await admin.get(EXPORT_PATHS.download(exported.id));
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
    } finally {
      await jobs.stop();
    }
  });

  it('hands exports left queued to the queue again, one job each', async () => {
    const { t, exported } = await queuedExport();
    const sent: { queue: string; data: ExportJob; key: string | undefined }[] = [];
    await sweepQueuedExports(
      {
        send: async (queue, data, options) => {
          sent.push({ queue, data: data as ExportJob, key: options?.singletonKey });
        },
      },
      adminDb,
    );
    expect(sent).toContainEqual({
      queue: EXPORT_QUEUE,
      data: { tenantId: t.id, exportId: String(exported.id) },
      key: `${t.id}:${exported.id}`,
    });
  });
});
