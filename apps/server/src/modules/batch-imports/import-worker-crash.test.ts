import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BATCH_IMPORT_PATHS } from '@attest/shared';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { appRoleUrl, createDb } from '../../db/database.js';
import { ensureAppRole, migrateToLatest } from '../../db/migrate.js';
import { createJobQueue } from '../../platform/jobs/job-workers.js';
import { createServices } from '../../services.js';
import { importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE } from '../../test/global-setup.js';
import { localCaptchaVerifier } from '../../test/local-captcha.js';
import { type ServerProcess, spawnServer } from '../../test/server-process.js';
import { BATCH_IMPORT_RUN_QUEUE, sweepQueuedImports } from './import-jobs.js';

// Plan §9, "real kill mid-import": `npm run worker` (src/worker.ts) is killed with SIGKILL in the
// middle of a 20,000-row import, and a second worker finishes it within a minute: every row written
// once (the cursor and the rows commit together; (import_id, import_row) is unique), none missing.
//
// A database of this file's own on the test server, as export-worker-crash.test.ts: no other test
// file's worker may take these jobs. Leases are short (heartbeat 1 s, lease 4 s).
const LEASE_ENV = { JOB_HEARTBEAT_SECONDS: '1', JOB_LEASE_SECONDS: '4' };
const ROWS = 20_000;
const databaseName = `attest_imports_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const serverUrl = new URL(inject('adminUrl'));
const adminUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const appUrl = appRoleUrl(adminUrl, TEST_APP_ROLE, TEST_APP_PASSWORD);

const filesDir = await mkdtemp(path.join(tmpdir(), 'attest-import-crash-'));
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
  await createJobQueue(boss, BATCH_IMPORT_RUN_QUEUE, {
    policy: 'stately',
    retryDelay: 30,
    expireInMinutes: 60,
  });
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

describe('an import whose worker was killed', () => {
  it('is finished by another worker within a minute, each row written exactly once', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const lines = ['Name,VAT'];
    for (let row = 1; row <= ROWS; row += 1) lines.push(`Supplier ${row},GB${row}`);
    const upload = await uploadFile(admin, `${lines.join('\n')}\n`);
    expect(upload.statusCode).toBe(201);
    const id = upload.json().id as number;
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: {
        columns: [
          { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
          { index: 1, header: 'VAT', target: { kind: 'field', field_tag: 'vat_number' } },
        ],
      },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: ROWS });
    expect((await admin.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
    // The app here has no queue: the sweep hands the queued import to the workers.
    await sweepQueuedImports(boss, adminDb);

    const progress = async () => (await admin.get(BATCH_IMPORT_PATHS.import(id))).json();
    const doomed = startWorker();
    await expect
      .poll(async () => (await progress()).rows_done, { timeout: 90_000, interval: 200 })
      .toBeGreaterThan(2_000);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const killedAt = Date.now();
    const cut = (await progress()).rows_done as number;
    expect(cut).toBeLessThan(ROWS);

    startWorker();
    await expect
      .poll(async () => (await progress()).state, { timeout: 60_000, interval: 500 })
      .toBe('finished');
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(await progress()).toMatchObject({ created: ROWS, failed: 0, rows_done: ROWS });

    const { rows } = await sql<{ n: string; distinct_rows: string; first: number; last: number }>`
      select count(*) as n, count(distinct import_row) as distinct_rows, min(import_row) as first,
        max(import_row) as last
      from records where tenant_id = ${t.id} and import_id = ${String(id)}`.execute(adminDb);
    expect(rows[0]).toEqual({ n: String(ROWS), distinct_rows: String(ROWS), first: 1, last: ROWS });
    const outcomes = await sql<{ outcome: string | null; n: string }>`
      select outcome, count(*) as n from batch_import_rows where import_id = ${String(id)}
      group by outcome`.execute(adminDb);
    expect(outcomes.rows).toEqual([{ outcome: 'created', n: String(ROWS) }]);
  }, 240_000);
});
