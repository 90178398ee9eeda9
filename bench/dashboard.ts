// The dashboard at 1M workflows: the list with typical filters, advanced filters and ordering on an
// answer, the kind's counts, then CSV and XLSX exports of about 10,000, 50,000 and 100,000 rows. Run
// `npm run bench:seed` once, then `npm run bench:dashboard` (BENCH_SECONDS per case, default 10;
// BENCH_CONNECTIONS, default 50; `-- --only=<text>` for the cases whose name holds it, `--only=export`
// for the exports alone;
// `-- --explain` prints each case's slowest query under EXPLAIN ANALYZE instead of loading it;
// `-- --statements` prints every statement of one warm request of each case).
// Before the load, each case's cost per request: the SQL statements of one warm request (begin,
// set_config and commit included: each is a round trip) and the API's CPU, process.cpuUsage over
// BENCH_CPU_REQUESTS (default 100) sequential requests divided by their number (the client's share
// of one request at a time is small beside the API's).
// The API runs in this process, signed in as a user with access to every region, on a pool whose
// statements time out after BENCH_STATEMENT_TIMEOUT_MS (default 30 s; a timed-out request counts as
// an error); figures are recorded by hand in bench/RESULTS.md.
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
import { benchIds, dashboardCases } from './dashboard/cases.js';
import { explainAnalyze } from './dashboard/explain.js';
import { benchExport, type ExportResult } from './dashboard/export-run.js';
import { type CaseResult, load } from './dashboard/load.js';
import { call, closeAgent, signIn } from './dashboard/session.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { recordingDb } from './tasks/recording.js';
import { sequential } from './tasks/sequential.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EXPORT_ROWS = [10_000, 50_000, 100_000];
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 30_000);
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 100);
const explain = process.argv.some((arg) => arg === '--explain' || arg.startsWith('--explain='));
// `--explain=2`: the second slowest query of each case instead of the slowest.
const explainRank = Number(process.argv.find((arg) => arg.startsWith('--explain='))?.split('=')[1] ?? 1);
const listStatements = process.argv.includes('--statements');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
await repairStoppedSeed(admin, (m) => console.log(m));
const ids = await benchIds(admin, BENCH_TENANT_SLUG, BENCH_USER_EMAIL);
const total = await admin.query<{ n: string }>(`select count(*) as n from workflows where tenant_id = $1`, [
  ids.tenantId,
]);
const appUrl =
  config.DATABASE_APP_URL ?? appRoleUrl(database.adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD);
const recording = recordingDb(appUrl, STATEMENT_TIMEOUT_MS);
const services = createServices(config, { db: recording.db, adminDb: database.adminDb }, null, {
  log: () => {},
});
const app = await buildApp({ services, logger: false });
// Requests still running when a case ends (autocannon stops sending, the server finishes them)
// would load the next case: each case starts when they are done.
const drained = async () => {
  // Requests the load left queued for a pool connection run after it stops: the API is idle once no
  // statement has been seen running for a second, or after three minutes at most.
  const deadline = Date.now() + 180_000;
  let idleChecks = 0;
  while (idleChecks < 5 && Date.now() < deadline) {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where usename = $1 and state <> 'idle'`,
      [config.APP_DB_ROLE],
    );
    idleChecks = Number(rows[0]?.n) === 0 ? idleChecks + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
const port = await freePort();
await app.listen({ host: '127.0.0.1', port });
const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
const cases = dashboardCases(ids).filter((c) => !only || c.name.includes(only));

try {
  console.log(`${Number(total.rows[0]?.n).toLocaleString('en')} workflows in the bench tenant`);
  // One request each first: it must answer 200, and says how many rows the case matches.
  for (const c of cases) {
    const t0 = performance.now();
    const reply = await call(port, 'GET', c.path, session.headers);
    const ms = Math.round(performance.now() - t0);
    if (reply.status !== 200) {
      console.log(`${c.name}: first request ${ms} ms, ${reply.status} ${reply.body.slice(0, 300)}`);
      continue;
    }
    const body = JSON.parse(reply.body) as { count?: number; count_is_estimate?: boolean };
    const count =
      body.count === undefined ? '' : ` count ${body.count}${body.count_is_estimate ? ' (estimate)' : ''}`;
    console.log(`${c.name}: first request ${ms} ms${count}`);
  }

  // What one request costs the API: its statements when warm, and its CPU over a sequential run.
  const costs: {
    name: string;
    statements: number;
    cpuMsPerRequest: number;
    requests: number;
    p50: number;
    p95: number;
    errors: number;
  }[] = [];
  for (const c of cases) {
    // Statements still running for the case before would be recorded as this one's.
    await drained();
    const warm = await recording.record(() => call(port, 'GET', c.path, session.headers));
    const statements = [...warm.settings, ...warm.queries];
    if (listStatements) {
      console.log(`\n=== ${c.name}: ${statements.length} statements (settings first, then slowest first)`);
      for (const q of statements) {
        console.log(
          `  ${q.ms.toFixed(1).padStart(6)} ms  ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 150)}`,
        );
      }
    }
    const before = process.cpuUsage();
    const run = await sequential(c.name, {
      port,
      path: c.path,
      headers: session.headers,
      requests: CPU_REQUESTS,
      seconds: SECONDS,
    });
    const used = process.cpuUsage(before);
    costs.push({
      name: c.name,
      statements: statements.length,
      cpuMsPerRequest: Number(((used.user + used.system) / 1000 / Math.max(1, run.requests)).toFixed(2)),
      requests: run.requests,
      p50: Number(run.p50.toFixed(1)),
      p95: Number(run.p95.toFixed(1)),
      errors: run.errors,
    });
  }
  console.log(
    '\nPer request: SQL statements of one warm request; over a sequential run (1 connection), API CPU (ms) and latency (ms)',
  );
  console.table(costs);

  if (explain) {
    for (const c of cases) {
      const { queries } = await recording.record(() => call(port, 'GET', c.path, session.headers));
      const ranked = queries.filter((q) => !/^\s*(explain|begin|commit|rollback)\b/i.test(q.sql));
      const slowest = ranked[explainRank - 1];
      if (!slowest) continue;
      const each = ranked.map((q) => `${q.ms.toFixed(1)} ms ${q.sql.replace(/\s+/g, ' ').slice(0, 60)}`);
      console.log(`\n=== ${c.name}: ${queries.length} queries\n  ${each.join('\n  ')}`);
      console.log(`explained (#${explainRank}, ${slowest.ms.toFixed(1)} ms):\n${slowest.sql}`);
      console.log(`parameters: ${JSON.stringify(slowest.parameters).slice(0, 1000)}`);
      console.log(await explainAnalyze(appUrl, ids.tenantId, slowest));
    }
  } else {
    const results: CaseResult[] = [];
    for (const c of cases) {
      results.push(
        await load(c.name, {
          port,
          path: c.path,
          headers: session.headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
      await drained();
      console.log(JSON.stringify(results.at(-1)));
    }
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per case, one API process (autocannon in the same process)`,
    );
    console.table(results);

    if (!only || only === 'export') {
      const exports: ExportResult[] = [];
      for (const format of ['csv', 'xlsx'] as const) {
        for (const rows of EXPORT_ROWS) {
          exports.push(
            await benchExport(services.workflowExports, admin, { port, session, ids, rows, format }),
          );
          console.log(JSON.stringify(exports.at(-1)));
        }
      }
      console.table(exports);
    }
  }
} finally {
  closeAgent();
  await app.close();
  await recording.close();
  await admin.end();
  await database.close();
}
