import { SCHEDULER_PATHS, ScheduledExportRunsPageSchema, ScheduledExportSchema } from '@attest/shared';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createJobWorkers } from '../../platform/jobs/job-workers.js';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createSchedulerQueues, registerSchedulerRunWorker } from './scheduler-jobs.js';
import { createSchedulerRunner } from './scheduler-runner.js';

const { app, adminDb, services } = await createTestApp();
const boss = new PgBoss({ connectionString: inject('adminUrl'), schema: 'pgboss', max: 2 });
boss.on('error', () => {});
await boss.start();
await createSchedulerQueues(boss);
// The run worker through the lease registry, on a runner that hands runs to pg-boss.
const runner = createSchedulerRunner({ ...services, jobs: boss, log: () => {} });
const workers = createJobWorkers({ boss, db: adminDb, heartbeatSeconds: 1, leaseSeconds: 30, log: () => {} });
await registerSchedulerRunWorker(workers, runner);
workers.start();
afterAll(async () => {
  workers.stop();
  await boss.stop({ graceful: false, wait: true });
});

describe('scheduled export jobs on pg-boss', () => {
  it('Run now goes through the queue to the run worker, which records the outcome', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, [
      'can_access_scheduler',
      'can_change_scheduled_report_exports',
    ]);
    const admin = await t.signedIn('admin');
    await createVendorCheck(t, admin, 'Queued check');
    const created = await admin.post(SCHEDULER_PATHS.list, {
      name: 'Through the queue',
      source: { type: 'workflow_list', kind_id: t.kinds.vendor, filters: {} },
      schedule: { frequency: 'daily', time: '06:00', weekday: null, day_of_month: null, time_zone: 'UTC' },
      destination: { kind: 'email', emails: ['queue@example.test'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = ScheduledExportSchema.parse(created.json()).id;
    // Run now records the run (the test app has no job queue); the run is handed to pg-boss here.
    // (No tick: it spans every tenant of the shared test database, other files' runs too.)
    expect((await admin.post(SCHEDULER_PATHS.run.replace(':id', String(id)), {})).statusCode).toBe(202);
    const run = await adminDb
      .selectFrom('scheduled_export_runs')
      .select('id')
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow();
    await runner.dispatch({ tenantId: t.id, runId: run.id });
    const runsUrl = SCHEDULER_PATHS.runs.replace(':id', String(id));
    await expect
      .poll(
        async () =>
          ScheduledExportRunsPageSchema.parse((await admin.get(runsUrl)).json()).results[0]?.outcome,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe('succeeded');
    const mails = await adminDb
      .selectFrom('outbox_emails')
      .select('to_address')
      .where('tenant_id', '=', t.id)
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual(['queue@example.test']);
  });
});
