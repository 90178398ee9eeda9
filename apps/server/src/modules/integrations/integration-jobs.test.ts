import { WORKFLOW_PATHS } from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openServices } from '../../open-services.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createDocCheck, DC, DOC_CHECK_DEFINITION, publishDocCheck } from '../../test/attachment-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';
import { sweepWaitingRuns } from './integration-jobs.js';
import { createIntegrationRunner } from './integration-runner.js';

const { app, adminDb, services } = await createTestApp();

async function docCheckWithSupplier(name: string) {
  const t = await workflowTestTenant(app, adminDb);
  const kind = await publishDocCheck(adminDb, t);
  const admin = await t.signedIn('admin');
  const id = await createDocCheck(t, admin, kind);
  const answered = await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: DC.supplierName, value: name });
  expect(answered.statusCode, answered.body).toBe(200);
  return { t, id };
}

function runState(tenantId: string, runId: string) {
  return adminDb
    .selectFrom('integration_runs')
    .select(['state', 'result'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
}

describe('integration runs through pg-boss', () => {
  it('runs after commit through a real job worker', async () => {
    const { t, id } = await docCheckWithSupplier('Sovcomflot PAO');
    const jobs = await openServices({
      config: app.config,
      adminUrl: inject('adminUrl'),
      pools: { db: app.db, adminDb },
      log: () => {},
    });
    await jobs.start({ runWorkers: true });
    try {
      const runner = createIntegrationRunner({ db: app.db, jobs: jobs.boss, log: () => {} });
      const queued = await withTenant(app.db, t.id, (tx) =>
        runner.queue(tx, {
          tenantId: t.id,
          workflowId: String(id),
          definition: DOC_CHECK_DEFINITION,
          stepTags: [DC.screening],
          userId: null,
        }),
      );
      expect(queued).toHaveLength(1);
      await runner.dispatch(queued);
      const runId = queued[0]?.runId ?? '';
      await expect
        .poll(async () => (await runState(t.id, runId)).state, { timeout: 20_000, interval: 200 })
        .toBe('finished');
      expect((await runState(t.id, runId)).result).toMatchObject({ outcome: 'confirmed_match' });
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it('hands runs left waiting for over a minute to the queue again', async () => {
    const { t, id } = await docCheckWithSupplier('Contoso');
    const [stale, fresh] = await withTenant(app.db, t.id, async (tx) => {
      const input = {
        tenantId: t.id,
        workflowId: String(id),
        definition: DOC_CHECK_DEFINITION,
        userId: null,
      };
      const first = await services.integrations.queue(tx, { ...input, stepTags: [DC.screening] });
      await tx
        .updateTable('integration_runs')
        .set({ state: 'failed' })
        .where('id', '=', first[0]?.runId ?? '')
        .execute();
      const second = await services.integrations.queue(tx, { ...input, stepTags: [DC.screening] });
      return [first[0], second[0]];
    });
    await sql`update integration_runs set state = 'waiting', created_at = now() - interval '2 minutes'
      where tenant_id = ${t.id} and id = ${stale?.runId ?? ''}`.execute(adminDb);
    const sent: object[] = [];
    const recorder = {
      send: async (_queue: string, data: object) => {
        sent.push(data);
        return null;
      },
    };
    await sweepWaitingRuns(recorder, adminDb);
    // Once, under its own tenant: the sweep runs as the owning role, which row-level security may not bind.
    expect(sent.filter((job) => (job as { runId: string }).runId === stale?.runId)).toEqual([
      { tenantId: t.id, runId: stale?.runId },
    ]);
    expect(sent).not.toContainEqual({ tenantId: t.id, runId: fresh?.runId });
  });
});
