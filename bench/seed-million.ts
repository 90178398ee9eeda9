// Seeds one tenant with 1,000,000 Supplier Onboarding workflows and their steps, assignees, answers
// and alerts, for the dashboard benchmark (bench/dashboard.ts). Run with `npm run bench:seed`
// (`-- --reset` to start again; BENCH_WORKFLOWS for another size). The database is kept under
// ./data/bench-pg (bench-database.ts) and reused by every benchmark run. What is simplified versus
// the engine is listed in bench/RESULTS.md.
//
// createWorkflows writes about a thousand workflows a second, so it makes only the templates: a few
// thousand workflows at every stage, replayed through the engine. Set-based SQL (seed/bench-clone.ts)
// then copies them, with their own names, places, dates and values, in chunks of 25,000.
import { rm } from 'node:fs/promises';
import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import pg from 'pg';
import { createWorkflows } from '../apps/server/src/modules/workflows/create-workflows.js';
import { withTenant } from '../apps/server/src/platform/tenant-transaction.js';
import {
  BENCH_DATA_DIR,
  BENCH_TENANT_SLUG,
  BENCH_USER_EMAIL,
  benchConfig,
  openBenchDatabase,
} from './bench-database.js';
import { cloneChunk, createPlan, dropPlan, type TemplateRow } from './seed/bench-clone.js';
import { seedBenchTasks } from './seed/bench-tasks.js';
import { createBenchTenant } from './seed/bench-tenant.js';
import { restoreIndexes, setIndexesAside } from './seed/index-rebuild.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { setRollupsAside, setRollupsBack } from './seed/rollups-aside.js';
import {
  HIGH_RISK_COUNTRIES,
  MATERIAL_SPEND,
  seededRandom,
  type Template,
  template,
} from './seed/templates.js';
import { verifySample } from './seed/verify-sample.js';

const TOTAL = Number(process.env.BENCH_WORKFLOWS ?? 1_000_000);
const TEMPLATES = Math.min(3000, Math.max(50, Math.floor(TOTAL / 100)));
const RISK_POOL = 200;
const CHUNK = 25_000;
const DAY = 24 * 3600 * 1000;
const CLONED_TABLES = [
  'workflows',
  'workflow_steps',
  'workflow_step_users',
  'workflow_responses',
  'workflow_alerts',
];
// open_tasks (migration 0025, issue 16) is kept by triggers as the clones go in: its own indexes and
// the one its triggers read a step's assignees by stay in place during the copy (without it each
// chunk's recompute would read every assignee copied so far once per open step).
const TRIGGER_INDEXES = ['workflow_step_users_step_idx'];
const WORKFLOW_TABLES = [
  'open_tasks',
  'workflows',
  'workflow_steps',
  'workflow_step_users',
  'workflow_responses',
  'workflow_alerts',
  'workflow_activity',
  'workflow_answer_days',
];

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[${elapsed().padStart(8)}] ${message}`);

const config = benchConfig();
if (process.argv.includes('--reset')) {
  if (config.DATABASE_URL) {
    throw new Error(
      '--reset removes the embedded bench database only; with DATABASE_URL, drop the database yourself.',
    );
  }
  log(`--reset: removing ${BENCH_DATA_DIR}`);
  await rm(BENCH_DATA_DIR, { recursive: true, force: true });
}
const database = await openBenchDatabase(config);
const client = new pg.Client({ connectionString: database.adminUrl });
await client.connect();
try {
  // A seed stopped while the indexes and rollups were set aside: put them back before anything else.
  await repairStoppedSeed(client, log);
  const existing = await client.query<{ id: string; n: string; user_id: string }>(
    `select t.id, (select count(*) from workflows w where w.tenant_id = t.id) as n, u.id as user_id
     from tenants t join users u on u.tenant_id = t.id and u.email = $2 where t.slug = $1`,
    [BENCH_TENANT_SLUG, BENCH_USER_EMAIL],
  );
  const found = existing.rows[0];
  if (found) {
    log(
      `Tenant ${BENCH_TENANT_SLUG} already holds ${Number(found.n).toLocaleString('en')} workflows; only the bench user's tasks are checked (--reset to start again).`,
    );
    await addTasks(found.id, found.user_id);
  } else {
    await seed();
  }
} finally {
  await client.end();
  await database.close();
}

async function seed() {
  log(
    `Seeding ${TOTAL.toLocaleString('en')} workflows into ${config.DATABASE_URL ? 'DATABASE_URL' : BENCH_DATA_DIR}`,
  );
  const tenant = await createBenchTenant(database.adminDb);
  const { tenantId } = tenant;
  const random = seededRandom(20261122);
  const places = await database.adminDb
    .selectFrom('business_units as b')
    .innerJoin('regions as r', (j) =>
      j.onRef('r.tenant_id', '=', 'b.tenant_id').onRef('r.id', '=', 'b.region_id'),
    )
    .select(['b.id as businessUnitId', 'r.id as regionId', 'r.name as region'])
    .where('b.tenant_id', '=', tenantId)
    .orderBy('b.id')
    .execute();
  // Most volume in the first regions: Europe 40%, North America 30%, Asia Pacific 15%, the rest 15%.
  const share: Record<string, number> = { Europe: 40, 'North America': 30, 'Asia Pacific': 15 };
  const weightedPlaces = places.flatMap((p) => {
    const units = places.filter((q) => q.regionId === p.regionId).length;
    return Array(Math.max(1, Math.round((share[p.region] ?? 7.5) / units))).fill(p);
  });
  const colleagues = tenant.people.filter((id) => id !== tenant.userId);

  // Risk assessments for the onboardings' child_workflow answers to name.
  const riskPool = await withTenant(database.adminDb, tenantId, (tx) =>
    createWorkflows(
      tx,
      tenantId,
      Array.from({ length: RISK_POOL }, (_, i) => {
        const place = random.pick(weightedPlaces);
        return {
          kind: tenant.riskAssessment,
          name: `Risk assessment ${i + 1}`,
          regionId: place.regionId,
          businessUnitId: place.businessUnitId,
          createdBy: random.pick(colleagues),
          createdAt: new Date(Date.now() - (30 + random.next() * 1065) * DAY),
        };
      }),
    ),
  );
  log(
    `Tenant ${tenantId}, ${RISK_POOL} risk assessments; creating ${TEMPLATES} templates through the engine`,
  );

  const templates: (Template & { id: string })[] = [];
  for (let i = 0; i < TEMPLATES; i += 500) {
    const batch = Array.from({ length: Math.min(500, TEMPLATES - i) }, (_, j) => {
      const place = random.pick(weightedPlaces);
      // A third of the templates run to the end; the others stop after 0 to 4 submitted steps.
      const finished = (i + j) % 3 === 0;
      return template(tenant.onboarding, random, {
        finished,
        stages: random.weighted([
          [0, 30],
          [1, 25],
          [2, 20],
          [3, 15],
          [4, 10],
        ]),
        createdAt: new Date(Date.now() - (30 + random.next() * 1065) * DAY),
        people: colleagues,
        riskPool: riskPool.map(Number),
        regionId: place.regionId,
        businessUnitId: place.businessUnitId,
      });
    });
    const ids = await withTenant(database.adminDb, tenantId, (tx) =>
      createWorkflows(
        tx,
        tenantId,
        batch.map((t) => t.input),
      ),
    );
    templates.push(...batch.map((t, k) => ({ ...t, id: ids[k] as string })));
  }
  const templateRows: TemplateRow[] = templates.map((t) => {
    const last = t.input.submitted?.at(-1)?.at.getTime() ?? t.input.createdAt?.getTime() ?? 0;
    const spend = t.input.answers?.[F.annualSpend] as { amount: number } | undefined;
    return {
      id: t.id,
      finished: t.finished,
      spanSeconds: Math.ceil((last - (t.input.createdAt?.getTime() ?? last)) / 1000),
      highRisk: HIGH_RISK_COUNTRIES.includes(String(t.input.answers?.[F.country])),
      material: (spend?.amount ?? 0) >= MATERIAL_SPEND,
    };
  });
  log(
    `${templates.filter((t) => t.finished).length} finished and ${templates.filter((t) => !t.finished).length} open templates`,
  );

  const clones = TOTAL - TEMPLATES - RISK_POOL;
  // Clone ids are reserved up front, so each chunk inserts its rows with known ids in one statement.
  const { rows } = await client.query<{ base: string }>(
    `select setval(pg_get_serial_sequence('workflows', 'id'), nextval(pg_get_serial_sequence('workflows', 'id')) + $1) - $1 as base`,
    [clones],
  );
  const base = Number(rows[0]?.base);
  await createPlan(client, {
    tenantId,
    count: clones,
    firstId: base,
    templates: templateRows,
    places: weightedPlaces,
    people: colleagues,
  });
  const aside = await setIndexesAside(client, CLONED_TABLES, TRIGGER_INDEXES);
  await setRollupsAside(client);
  log(
    `Planned ${clones.toLocaleString('en')} clones; ${aside} secondary indexes and the report rollups set aside; copying in chunks of ${CHUNK.toLocaleString('en')}`,
  );

  const totals: Record<string, number> = {};
  const cloneStart = performance.now();
  for (let from = 1; from <= clones; from += CHUNK) {
    const to = Math.min(clones, from + CHUNK - 1);
    await client.query('begin');
    // Only this session's commits skip waiting for the WAL flush; nothing is disabled for others.
    await client.query('set local synchronous_commit = off');
    await client.query('set local session_replication_role = replica');
    const counts = await cloneChunk(client, tenantId, tenant.onboarding.definition.kind.name, from, to);
    await client.query('commit');
    for (const [table, n] of Object.entries(counts)) totals[table] = (totals[table] ?? 0) + n;
    const done = to + TEMPLATES + RISK_POOL;
    const rate = Math.round(to / ((performance.now() - cloneStart) / 1000));
    log(
      `${done.toLocaleString('en')} / ${TOTAL.toLocaleString('en')} workflows (${rate.toLocaleString('en')}/s)`,
    );
  }
  await dropPlan(client);
  log(
    `Copied: ${Object.entries(totals)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  log('Building the indexes set aside');
  await restoreIndexes(client, (m) => log(`  ${m}`));
  await setRollupsBack(client, (m) => log(`  ${m}`));

  await addTasks(tenantId, tenant.userId);

  // Visibility maps and statistics, as autovacuum would leave them on a table that has settled.
  log('VACUUM (ANALYZE) of the workflow tables');
  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const table of await existingTables(WORKFLOW_TABLES)) await client.query(`vacuum (analyze) ${table}`);

  const check = await verifySample(client, {
    tenantId,
    kindId: tenant.onboarding.id,
    definition: tenant.onboarding.definition,
    size: 2000,
  });
  log(
    `Engine check of ${check.checked} random workflows (${check.answers} answers): ${check.problems.length} problems`,
  );
  for (const problem of check.problems.slice(0, 20)) console.log(`  ${problem}`);

  const sizes = await client.query<{ table: string; rows: string; size: string }>(
    `select c.relname as table, c.reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c where c.relname = any($1) order by pg_total_relation_size(c.oid) desc`,
    [WORKFLOW_TABLES],
  );
  console.table(sizes.rows);
  const db = await client.query<{ size: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  log(`Done. Database ${db.rows[0]?.size}.`);
  if (check.problems.length > 0) process.exitCode = 1;
}

// Direct assignments and a delegation for the task inbox's tabs (seed/bench-tasks.ts).
async function addTasks(tenantId: string, userId: string) {
  const added = await seedBenchTasks(client, { tenantId, userId });
  log(
    `Bench user's tasks: ${added.mine} direct assignments added, ${added.delegator} for the delegating colleague; delegation ${added.delegation}`,
  );
}

async function existingTables(tables: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select t as name from unnest($1::text[]) t where to_regclass('public.' || t) is not null`,
    [tables],
  );
  return rows.map((r) => r.name);
}
