import { EXPORT_PATHS, WorkflowExportSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createExportRunner } from './export-runner.js';

const { app, adminDb, db, services } = await createTestApp();

// Issue 12, finding 4: a worker may die after storing an export's file and before recording it; the
// attempt run again must replace that file, not leave a second one no row names.
describe('an export run again after its worker died', () => {
  it('writes its file under the same name, so the export has one file', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await createVendorCheck(t, admin, 'Acme Ltd check');
    const created = await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' });
    expect(created.statusCode).toBe(202);
    const { id } = WorkflowExportSchema.parse(created.json());
    const runner = createExportRunner({ db, files: services.files, jobs: null, log: () => {} });
    const storedKey = async () =>
      (
        await adminDb
          .selectFrom('workflow_exports')
          .select('storage_key')
          .where('id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).storage_key;

    expect(await runner.run(t.id, String(id))).toBe('finished');
    const first = await storedKey();
    expect(first).not.toBeNull();
    // As if the first attempt had died before recording its file: the retried job takes it over.
    await adminDb
      .updateTable('workflow_exports')
      .set({ state: 'running' })
      .where('id', '=', String(id))
      .execute();
    expect(await runner.run(t.id, String(id), { reclaim: true })).toBe('finished');
    expect(await storedKey()).toBe(first);
    expect(await services.files.exists(first ?? '')).toBe(true);
    const download = await admin.get(EXPORT_PATHS.download(id));
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('Acme Ltd check');
  });
});
