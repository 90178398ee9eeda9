// The report engine at 1M workflows (issue 7): each report of reports/cases.ts run through runReport,
// as the bench user (its region and business-unit visibility applies), on the application role under
// row-level security, BENCH_RUNS times (default 5), one after the other; min, p50 and max printed with
// the number of groups and a digest of the rows (equal digests: equal answers, to compare two
// versions of the engine on the same seed). Each row says which path answered (issue 17: `rollup`,
// from migration 0029's kept aggregates, or `full`, the query over the workflows). `-- --full` never
// uses the rollups (the engine before issue 17); `-- --compare` also runs each report once on the full
// path and prints its time and digest beside. `-- --explain` prints each compiled query under
// EXPLAIN (ANALYZE, BUFFERS) instead; `-- --only=<text>` runs the cases whose name holds it.
// Run `npm run bench:seed` once first; figures are recorded by hand in bench/RESULTS.md.
import { createHash } from 'node:crypto';
import { ReportConfigSchema } from '@attest/shared';
import pg from 'pg';
import { appRoleUrl } from '../apps/server/src/db/database.js';
import { type ReportAnswerPath, runReport } from '../apps/server/src/modules/reports/engine/run-report.js';
import { withTenant } from '../apps/server/src/platform/tenant-transaction.js';
import { BENCH_TENANT_SLUG, BENCH_USER_EMAIL, benchConfig, openBenchDatabase } from './bench-database.js';
import { benchIds } from './dashboard/cases.js';
import { recordingDb } from './dashboard/explain.js';
import { reportCases } from './reports/cases.js';
import { explainReport } from './reports/explain.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 60_000);
// The builder's page (REPORT_DATA_DEFAULT_LIMIT).
const PAGE = { limit: 500, offset: 0 };
const explain = process.argv.includes('--explain');
const fullOnly = process.argv.includes('--full');
const compare = process.argv.includes('--compare');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
await repairStoppedSeed(admin, (m) => console.log(m));
const ids = await benchIds(admin, BENCH_TENANT_SLUG, BENCH_USER_EMAIL);
const appUrl =
  config.DATABASE_APP_URL ?? appRoleUrl(database.adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD);
const recording = recordingDb(appUrl, STATEMENT_TIMEOUT_MS);
// Running cycles are measured to this instant: the same for every run of a day, so digests compare.
const now = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const cases = reportCases(Number(ids.kindId)).filter((c) => !only || c.name.includes(only));

let answered: ReportAnswerPath | null = null;
const run = (input: (typeof cases)[number]['config'], rollups = !fullOnly) =>
  withTenant(recording.db, ids.tenantId, (tx) =>
    runReport(
      tx,
      ids.tenantId,
      { userId: ids.userId, now, rollups, onAnswered: (a) => (answered = a) },
      ReportConfigSchema.parse(input),
      PAGE,
    ),
  );
const digestOf = (result: unknown) =>
  createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 12);
// How far two answers are apart: 0 when equal, the largest relative difference of two numbers in
// the same place otherwise (averages added up in another order differ in their last digits), and
// Infinity when anything else differs (a group, a label, a missing row).
function maxRelativeDifference(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return Number.POSITIVE_INFINITY;
    return a.reduce<number>((max, item, i) => Math.max(max, maxRelativeDifference(item, b[i])), 0);
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return Number.POSITIVE_INFINITY;
    return keys.reduce(
      (max, key) => Math.max(max, maxRelativeDifference((a as never)[key], (b as never)[key])),
      0,
    );
  }
  return a === b ? 0 : Number.POSITIVE_INFINITY;
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;

try {
  const settings = await admin.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name = any($1) order by name`,
    [['max_parallel_workers_per_gather', 'max_parallel_workers', 'work_mem', 'shared_buffers', 'jit']],
  );
  const total = await admin.query<{ n: string }>(`select count(*) as n from workflows where tenant_id = $1`, [
    ids.tenantId,
  ]);
  console.log(
    `${Number(total.rows[0]?.n).toLocaleString('en')} workflows in the bench tenant; ${settings.rows
      .map((s) => `${s.name}=${s.setting}`)
      .join(', ')}`,
  );
  const table: Record<string, string | number>[] = [];
  for (const c of cases) {
    if (explain) {
      const queries = await recording.record(() => run(c.config));
      const slowest = queries[0];
      if (!slowest) continue;
      console.log(
        `\n=== ${c.name}: ${queries.length} queries, slowest ${slowest.ms.toFixed(1)} ms\n${slowest.sql}`,
      );
      console.log(`parameters: ${JSON.stringify(slowest.parameters).slice(0, 1000)}`);
      console.log(await explainReport(appUrl, ids.tenantId, slowest));
      continue;
    }
    const times: number[] = [];
    let digest = '';
    let groups = 0;
    let first: unknown[] = [];
    let last: unknown = null;
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      const result = await run(c.config);
      times.push(performance.now() - t0);
      digest = digestOf(result);
      groups = result.count;
      first = result.results.slice(0, 3);
      last = result;
    }
    times.sort((a, b) => a - b);
    const path = answered as ReportAnswerPath | null;
    let full: Record<string, string | number> = {};
    if (compare) {
      const t0 = performance.now();
      const result = await run(c.config, false);
      full = {
        'full ms': Math.round(performance.now() - t0),
        'full digest': digestOf(result),
        'max rel. diff': maxRelativeDifference(last, result),
      };
    }
    const row = {
      report: c.name,
      path: path ? `${path.path}${path.table ? ` (${path.table})` : ''}` : '?',
      groups,
      'min ms': Math.round(times[0] ?? Number.NaN),
      'p50 ms': Math.round(percentile(times, 0.5)),
      'max ms': Math.round(times.at(-1) ?? Number.NaN),
      digest,
      ...full,
    };
    console.log(JSON.stringify({ ...row, first }));
    table.push(row);
  }
  if (!explain) {
    console.log(`\n${RUNS} runs each, one after the other; now = ${now.toISOString()}`);
    console.table(table);
  }
} finally {
  await recording.close();
  await admin.end();
  await database.close();
}
