// What keeping the report rollups (migrations 0029 and 0031) costs the writes that change workflows,
// at 1M workflows (issue 17). Each case is one statement of the kind the engine and a batch import
// send, run BENCH_RUNS times (default 40) on random workflows of the bench tenant, each time in its
// own transaction that is rolled back (the seed stays as it is). The two arms alternate run by run:
// with the rollup triggers, and with them disabled inside that same transaction. Only the statement
// is timed. Run `npm run bench:seed` once first; figures are recorded by hand in bench/RESULTS.md.
import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import pg from 'pg';
import { BENCH_TENANT_SLUG, BENCH_USER_EMAIL, benchConfig, openBenchDatabase } from './bench-database.js';
import { benchIds } from './dashboard/cases.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

type WriteCase = {
  name: string;
  // How many workflows one statement changes.
  workflows: number;
  sql: string;
  params: (ids: string[]) => unknown[];
};

const database = await openBenchDatabase(benchConfig());
const client = new pg.Client({ connectionString: database.adminUrl });
await client.connect();
try {
  await repairStoppedSeed(client, (m) => console.log(m));
  const ids = await benchIds(client, BENCH_TENANT_SLUG, BENCH_USER_EMAIL);
  const [inReview, approved] = [ids.status.in_review, ids.status.approved];
  const [europe, asia] = [ids.region.Europe, ids.region['Asia Pacific']];
  const { rows: sample } = await client.query<{ id: string }>(
    `select id from workflows tablesample system (2) where tenant_id = $1 and archived_at is null limit 20000`,
    [ids.tenantId],
  );
  const triggers = (
    await client.query<{ table: string; trigger: string }>(
      `select c.relname as table, t.tgname as trigger from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and t.tgname like '%report_rollup%' and t.tgenabled = 'A'`,
    )
  ).rows;
  if (triggers.length === 0) throw new Error('No rollup trigger is enabled: nothing to compare.');

  const cases: WriteCase[] = [
    {
      name: "one workflow's status",
      workflows: 1,
      sql: `update workflows set status_id = case when status_id = $3 then $4 else $3 end::bigint
            where tenant_id = $1 and id = $2`,
      params: (w) => [ids.tenantId, w[0], inReview, approved],
    },
    {
      name: "one answer (a workflow's annual spend)",
      workflows: 1,
      sql: `update workflow_responses set number_value = number_value + 1000
            where tenant_id = $1 and workflow_id = $2 and field_tag = $3 and is_current`,
      params: (w) => [ids.tenantId, w[0], F.annualSpend],
    },
    {
      name: "500 workflows' region (one statement)",
      workflows: 500,
      sql: `update workflows set region_id = case when region_id = $3 then $4 else $3 end::bigint
            where tenant_id = $1 and id = any($2::bigint[])`,
      params: (w) => [ids.tenantId, w, europe, asia],
    },
    {
      name: "500 workflows' country answer (one statement)",
      workflows: 500,
      sql: `update workflow_responses set text_value = 'DE'
            where tenant_id = $1 and workflow_id = any($2::bigint[]) and field_tag = $3 and is_current`,
      params: (w) => [ids.tenantId, w, F.country],
    },
  ];

  let cursor = 0;
  const pick = (n: number) => {
    const picked = [];
    for (let i = 0; i < n; i += 1) picked.push(sample[(cursor++ * 7919) % sample.length]?.id as string);
    return picked;
  };
  const timed = async (writeCase: WriteCase, withRollups: boolean) => {
    const params = writeCase.params(pick(writeCase.workflows));
    await client.query('begin');
    try {
      if (!withRollups) {
        for (const { table, trigger } of triggers) {
          await client.query(
            `alter table ${client.escapeIdentifier(table)} disable trigger ${client.escapeIdentifier(trigger)}`,
          );
        }
      }
      const started = performance.now();
      await client.query(writeCase.sql, params);
      return performance.now() - started;
    } finally {
      await client.query('rollback');
    }
  };
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };

  const results = [];
  for (const writeCase of cases) {
    const on: number[] = [];
    const off: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Alternating which arm goes first, so neither always meets the other's warmed cache.
      const first = run % 2 === 0;
      const a = await timed(writeCase, first);
      const b = await timed(writeCase, !first);
      (first ? on : off).push(a);
      (first ? off : on).push(b);
    }
    const ms = (v: number) => Number(v.toFixed(2));
    results.push({
      case: writeCase.name,
      'with rollups p50 ms': ms(percentile(on, 50)),
      'p95 ms': ms(percentile(on, 95)),
      'without p50 ms': ms(percentile(off, 50)),
      'without p95 ms': ms(percentile(off, 95)),
      'added p50 ms': ms(percentile(on, 50) - percentile(off, 50)),
    });
    console.log(JSON.stringify(results.at(-1)));
  }
  console.log(`\n${RUNS} runs per arm, alternating; ${sample.length.toLocaleString('en')} sampled workflows`);
  console.table(results);
} finally {
  await client.end();
  await database.close();
}
