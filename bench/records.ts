// The records list at 1,000,000 records (issue 18, plan §9): GET records/:tag/ through the real API.
// `npm run bench:records` seeds, once and kept, N Supplier records in the bench tenant (SQL by
// generate_series in the records module's shape, seed/records.ts; `-- --records 20000` or
// BENCH_RECORDS for another size, default 1,000,000), checks a sample against the module's own rules
// and through the API, then for each case: one request first (must answer 200; its count shown),
// BENCH_REQUESTS (default 50) sequential requests on one connection (p50, p95), then BENCH_SECONDS
// (default 12) at BENCH_CONNECTIONS (default 50) with autocannon (req/s, p50, p95, p99).
// `-- --only=<text>` for the cases whose name holds it.
// The API runs in this process on the application role's pool (row-level security), signed in as
// the bench user (every region), statements timing out after BENCH_STATEMENT_TIMEOUT_MS (default
// 30 s; a timed-out request counts as an error). Figures are recorded by hand in bench/RESULTS.md.
import { RECORD_PATHS, RecordsPageSchema } from '@attest/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { appRoleUrl } from '../apps/server/src/db/database.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import {
  BENCH_PASSWORD,
  BENCH_TENANT_SLUG,
  BENCH_USER_EMAIL,
  benchConfig,
  openBenchDatabase,
} from './bench-database.js';
import { type CaseResult, load } from './dashboard/load.js';
import { call, closeAgent, signIn } from './dashboard/session.js';
import { recordCases } from './records/cases.js';
import { verifySampleRecords } from './records/verify-records.js';
import { ensureObjectType } from './seed/bench-object-type.js';
import { ensureBenchTenant } from './seed/ensure-bench-tenant.js';
import { RECORDS_TYPE, seedBenchRecords } from './seed/records.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { argument, boundedInteger, machineLoad } from './studio/timing.js';
import { recordingDb } from './tasks/recording.js';
import { drained, type SequentialResult, sequential } from './tasks/sequential.js';

const RECORDS = boundedInteger(argument('records', 'BENCH_RECORDS'), 1_000_000, 100, 5_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 30_000);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const started = performance.now();
const log = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s] ${message}`);

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
const recording = recordingDb(
  config.DATABASE_APP_URL ?? appRoleUrl(database.adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD),
  STATEMENT_TIMEOUT_MS,
);
const services = createServices(config, { db: recording.db, adminDb: database.adminDb }, null, {
  log: () => {},
});
const app = await buildApp({ services, logger: false });

try {
  await repairStoppedSeed(admin, log);
  const tenant = await ensureBenchTenant(database.adminDb, admin);
  if (tenant.created)
    log(`Bench tenant ${BENCH_TENANT_SLUG} created (no workflows: bench:seed skips it now)`);
  const type = await ensureObjectType(admin, tenant.tenantId, RECORDS_TYPE);
  const target = { ...tenant, ...type };
  const added = await seedBenchRecords(admin, target, RECORDS, log);
  log(added > 0 ? `${added.toLocaleString('en')} records seeded` : 'Records already seeded');
  const check = await verifySampleRecords(admin, target, 200);
  log(
    `Check of ${check.checked} random records against the module's rules: ${check.problems.length} problems`,
  );
  for (const problem of check.problems.slice(0, 10)) console.log(`  ${problem}`);
  if (check.problems.length > 0) throw new Error('The seeded records are not what the records module writes');

  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
  await checkThroughApi(port, session.headers, tenant.tenantId, type.objectTypeId);

  const cases = recordCases(RECORDS_TYPE.tag).filter((c) => !only || c.name.includes(only));
  for (const c of cases) {
    const t0 = performance.now();
    const reply = await call(port, 'GET', c.path, session.headers);
    const ms = Math.round(performance.now() - t0);
    const count =
      reply.status === 200 ? ` count ${RecordsPageSchema.parse(JSON.parse(reply.body)).count}` : '';
    log(
      `${c.name}: first request ${ms} ms, ${reply.status}${count}${reply.status === 200 ? '' : ` ${reply.body.slice(0, 300)}`}`,
    );
  }

  const one: SequentialResult[] = [];
  for (const c of cases) {
    await drained(admin, config.APP_DB_ROLE);
    one.push(
      await sequential(c.name, {
        port,
        path: c.path,
        headers: session.headers,
        requests: REQUESTS,
        seconds: SECONDS * 2,
      }),
    );
  }
  const loaded: CaseResult[] = [];
  for (const c of cases) {
    await drained(admin, config.APP_DB_ROLE);
    loaded.push(
      await load(c.name, {
        port,
        path: c.path,
        headers: session.headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
      }),
    );
    log(JSON.stringify(loaded.at(-1)));
  }
  console.log(
    `\nGET ${RECORD_PATHS.records(RECORDS_TYPE.tag)} at ${RECORDS.toLocaleString('en')} records; load average ${machineLoad()}`,
  );
  console.log(`One request at a time (${REQUESTS} sequential requests, ms)`);
  console.table(one);
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per case, one API process (autocannon in the same process)`,
  );
  console.table(loaded);
} finally {
  closeAgent();
  await app.close();
  await recording.close();
  await admin.end();
  await database.close();
}

// The seeded records as the API answers them: the list counts them all, and a random record's page
// shows the values stored.
async function checkThroughApi(
  port: number,
  headers: Record<string, string>,
  tenantId: string,
  typeId: string,
) {
  const list = await call(port, 'GET', `${RECORD_PATHS.records(RECORDS_TYPE.tag)}?limit=5`, headers);
  if (list.status !== 200) throw new Error(`GET records answered ${list.status}: ${list.body.slice(0, 300)}`);
  const page = RecordsPageSchema.parse(JSON.parse(list.body));
  const { rows } = await admin.query<{ id: string; data: Record<string, unknown> }>(
    `select id, data from records where tenant_id = $1 and object_type_id = $2 order by random() limit 1`,
    [tenantId, typeId],
  );
  const sample = rows[0];
  if (!sample) throw new Error('No record seeded');
  const detail = await call(port, 'GET', RECORD_PATHS.record(RECORDS_TYPE.tag, Number(sample.id)), headers);
  const values = detail.status === 200 ? (JSON.parse(detail.body) as { values: unknown }).values : null;
  if (!sameValues(values, sample.data)) {
    throw new Error(`Record ${sample.id} through the API: ${detail.status} ${detail.body.slice(0, 300)}`);
  }
  log(
    `Through the API: the list answers (count ${page.count.toLocaleString('en')}, the planner's estimate above the exact limit); record ${sample.id} answers its values`,
  );
}

// jsonb keeps an object's keys in its own order: compared with the keys sorted.
function sameValues(a: unknown, b: Record<string, unknown>): boolean {
  const sorted = (v: object) => JSON.stringify(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)));
  return typeof a === 'object' && a !== null && sorted(a) === sorted(b);
}
