// Batch jobs at 100,000 (issue 18, plan §9), `npm run bench:batch-jobs`:
// (a) import of N generated supplier rows (`-- --rows 5000` or BENCH_IMPORT_ROWS; default 100,000)
//     through the upload, the mapping with its preview, and the run: rows/s of each phase, and the
//     peak RSS of this process (which runs the API and the import job's runner) at 10%, 50% and
//     100% of the rows done, which must be flat (batch-jobs/import-bench.ts);
// (b) a batch update of N workflows' region (`-- --workflows 5000` or BENCH_UPDATE_WORKFLOWS;
//     default 100,000, the most one update takes): preview, apply and undo, items/s of each
//     (batch-jobs/update-bench.ts). Its workflows are a kept fixture made once by the engine
//     (seed/batch-workflows.ts), so the 1M seed is not needed.
// `-- --only=import` or `--only=update` for one of them. On the bench database (bench-database.ts;
// the bench tenant is made when absent); the jobs run in this process without pg-boss, as the
// tests run them. Figures are recorded by hand in bench/RESULTS.md.
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { appRoleUrl, createDb } from '../apps/server/src/db/database.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import { benchImport } from './batch-jobs/import-bench.js';
import { benchBatchUpdate } from './batch-jobs/update-bench.js';
import {
  BENCH_PASSWORD,
  BENCH_TENANT_SLUG,
  BENCH_USER_EMAIL,
  benchConfig,
  openBenchDatabase,
} from './bench-database.js';
import { closeAgent, signIn } from './dashboard/session.js';
import { ensureBatchWorkflows } from './seed/batch-workflows.js';
import { ensureBenchTenant } from './seed/ensure-bench-tenant.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { argument, boundedInteger, machineLoad } from './studio/timing.js';

const ROWS = boundedInteger(argument('rows', 'BENCH_IMPORT_ROWS'), 100_000, 10, 200_000);
const WORKFLOWS = boundedInteger(argument('workflows', 'BENCH_UPDATE_WORKFLOWS'), 100_000, 10, 100_000);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const started = performance.now();
const log = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s] ${message}`);

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
// The API's pool, as openDatabase makes it; the job runners share it, as in one `npm start` process.
const db = createDb({
  connectionString:
    config.DATABASE_APP_URL ?? appRoleUrl(database.adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD),
  max: 20,
  onPoolError: (error) => console.error(`[pool] ${error.message}`),
});
const services = createServices(config, { db, adminDb: database.adminDb }, null, { log: () => {} });
const app = await buildApp({ services, logger: false });

try {
  await repairStoppedSeed(admin, log);
  const tenant = await ensureBenchTenant(database.adminDb, admin);
  if (tenant.created)
    log(`Bench tenant ${BENCH_TENANT_SLUG} created (no 1M workflows: bench:seed skips it now)`);
  const fixture =
    only === 'import'
      ? null
      : await ensureBatchWorkflows(database.adminDb, admin, { ...tenant, count: WORKFLOWS }, log);
  if (fixture && fixture.count !== WORKFLOWS) {
    log(`The kept fixture holds ${fixture.count.toLocaleString('en')} workflows: the update takes them all`);
  }
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
  const common = { port, session, admin, db, tenantId: tenant.tenantId, log };

  const imported =
    only === 'update' ? null : await benchImport({ ...common, rows: ROWS, files: services.files });
  const updated = fixture
    ? await benchBatchUpdate({ ...common, workflows: fixture.count, kindId: fixture.kindId })
    : null;

  console.log(`\nLoad average ${machineLoad()}; one process: the API and the job runners`);
  if (imported) {
    console.log(`Import of ${ROWS.toLocaleString('en')} supplier rows`);
    console.table(imported.phases);
    console.log('Peak RSS of this process while the run wrote the rows (MiB)');
    console.table(imported.checkpoints);
    console.log(`Memory: ${imported.verdict}`);
  }
  if (updated) {
    console.log(`Batch update of ${(fixture?.count ?? 0).toLocaleString('en')} workflows' region`);
    console.table(updated);
  }
} finally {
  closeAgent();
  await app.close();
  await db.destroy();
  await admin.end();
  await database.close();
}
