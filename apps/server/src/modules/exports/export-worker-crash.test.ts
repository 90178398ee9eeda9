import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_PATHS, type WorkflowExport, WorkflowExportSchema } from '@attest/shared';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { appRoleUrl, createDb } from '../../db/database.js';
import { ensureAppRole, migrateToLatest } from '../../db/migrate.js';
import { createServices } from '../../services.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE } from '../../test/global-setup.js';
import { localCaptchaVerifier } from '../../test/local-captcha.js';
import { type ServerProcess, spawnServer } from '../../test/server-process.js';
import type { TestClient } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createExportQueue, sweepQueuedExports } from './export-jobs.js';

// Issue 12, finding 4, with real processes: `npm run worker` (src/worker.ts) is killed with SIGKILL
// in the middle of an export, and a second worker must finish it within a minute, with one file and
// one row, while the user may start another export meanwhile.
//
// A database of this file's own on the test server: no other test file's job worker or sweeper may
// take these jobs. Leases are short (heartbeat 1 s, lease 4 s) so the test stays fast.
const LEASE_ENV = { JOB_HEARTBEAT_SECONDS: '1', JOB_LEASE_SECONDS: '4' };
const databaseName = `attest_jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const serverUrl = new URL(inject('adminUrl'));
const adminUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const appUrl = appRoleUrl(adminUrl, TEST_APP_ROLE, TEST_APP_PASSWORD);

const filesDir = await mkdtemp(path.join(tmpdir(), 'attest-worker-crash-'));
const server = new pg.Client({ connectionString: serverUrl.toString() });
await server.connect();
await server.query(`create database ${databaseName}`);
const adminDb = createDb({ connectionString: adminUrl, max: 3, onPoolError: () => {} });
await migrateToLatest(adminDb as Kysely<unknown>);
await ensureAppRole(adminDb as Kysely<unknown>, TEST_APP_ROLE, TEST_APP_PASSWORD);
const db = createDb({ connectionString: appUrl, max: 4, onPoolError: () => {} });
const config = loadConfig({ TENANT_CACHE_TTL_MS: '0', LOG_LEVEL: 'silent', FILES_DIR: filesDir });
const services = createServices(config, { db, adminDb }, null, {
  log: () => {},
  captchaVerifier: localCaptchaVerifier,
});
const app = await buildApp({ services, logger: false });
const boss = new PgBoss({ connectionString: adminUrl, schema: 'pgboss', max: 2 });
boss.on('error', () => {});

const workers: ServerProcess[] = [];

// One OS process running src/worker.ts through tsx's loader, so SIGKILL hits the worker itself.
function startWorker(): ServerProcess {
  const worker = spawnServer(
    { DATABASE_URL: adminUrl, DATABASE_APP_URL: appUrl, FILES_DIR: filesDir, ...LEASE_ENV },
    'worker.ts',
  );
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  await boss.start();
  await createExportQueue(boss);
});

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await worker.exited;
  }
  await boss.stop({ graceful: false, wait: true });
  await app.close();
  await db.destroy();
  await adminDb.destroy();
  await server.query(`drop database if exists ${databaseName} with (force)`);
  await server.end();
  await rm(filesDir, { recursive: true, force: true });
});

async function exportState(client: TestClient, id: number): Promise<WorkflowExport> {
  return WorkflowExportSchema.parse((await client.get(EXPORT_PATHS.export(id))).json());
}

describe('a job whose worker was killed', () => {
  it('is finished by another worker within a minute, once, and meanwhile does not count toward the export limit', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await createVendorCheck(t, admin, 'First');
    await createVendorCheck(t, admin, 'Second');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' });
      expect(created.statusCode).toBe(202);
      ids.push(WorkflowExportSchema.parse(created.json()).id);
    }
    const [first, second, third] = ids as [number, number, number];
    // Three in progress: the limit.
    expect(
      (await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' })).statusCode,
    ).toBe(429);

    // The export reads the answers last; while the test holds this lock, a worker that took an export
    // has claimed it ('running') and waits in the middle of it.
    const blocker = new pg.Client({ connectionString: adminUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table workflow_responses in access exclusive mode');
    try {
      await sweepQueuedExports(boss, adminDb);
      const lockWaiters = async () => {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'workflow_responses' and not l.granted
            and l.database = (select oid from pg_database where datname = current_database())
        `.execute(adminDb);
        return Number(rows[0]?.n);
      };
      const states = async () =>
        Promise.all([first, second, third].map(async (id) => (await exportState(admin, id)).state));
      // The first worker takes the oldest export and stops in the middle of it.
      const doomed = startWorker();
      await expect.poll(states, { timeout: 60_000, interval: 250 }).toEqual(['running', 'queued', 'queued']);
      await expect.poll(lockWaiters, { timeout: 30_000, interval: 250 }).toBe(1);
      // A second worker, alive throughout, takes the next one and stops in it too, so it is busy when
      // the first export is handed back and that export has to wait.
      startWorker();
      await expect.poll(states, { timeout: 60_000, interval: 250 }).toEqual(['running', 'running', 'queued']);
      await expect.poll(lockWaiters, { timeout: 30_000, interval: 250 }).toBe(2);

      doomed.child.kill('SIGKILL');
      await doomed.exited;
      const killedAt = Date.now();
      // The second worker's sweeper hands the dead worker's export back: queued again, and no longer
      // counted toward the limit while it waits.
      await expect
        .poll(async () => (await exportState(admin, first)).state, { timeout: 30_000, interval: 250 })
        .toBe('queued');
      expect((await exportState(admin, second)).state).toBe('running');
      const another = await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' });
      expect(another.statusCode).toBe(202);
      ids.push(WorkflowExportSchema.parse(another.json()).id);
      // The limit itself still holds: the second, the third and the new one.
      expect(
        (await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' })).statusCode,
      ).toBe(429);
      await sweepQueuedExports(boss, adminDb);
      await blocker.query('rollback');

      for (const id of ids) {
        await expect
          .poll(async () => (await exportState(admin, id)).state, { timeout: 60_000, interval: 250 })
          .toBe('finished');
      }
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      expect(await exportState(admin, first)).toMatchObject({ rows_done: 2, rows_total: 2 });
      const download = await admin.get(EXPORT_PATHS.download(first));
      expect(download.statusCode).toBe(200);
      expect(download.body).toContain('First');
      expect(download.body).toContain('Second');
      // One file per export: the dead attempt left none beside the one that finished.
      const stored = await readdir(path.join(filesDir, `t${t.id}`), { recursive: true, withFileTypes: true });
      expect(stored.filter((entry) => entry.isFile())).toHaveLength(ids.length);
      const rows = await adminDb
        .selectFrom('workflow_exports')
        .select('id')
        .where('tenant_id', '=', t.id)
        .execute();
      expect(rows).toHaveLength(ids.length);
      // Not `third`'s concern, but every export ran exactly as requested.
      expect((await exportState(admin, third)).rows_done).toBe(2);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
  }, 180_000);
});
