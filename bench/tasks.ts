// The task inbox and global search at 1M workflows (issue 16): my tasks, group tasks, delegated
// tasks, all tasks (each the first page with its count, sorted by due date), the tab counts, and
// search for a common and a rare word. Run `npm run bench:seed` once (it also gives the bench user
// direct assignments and a colleague's delegation, seed/bench-tasks.ts), then `npm run bench:tasks`.
// Each case: one request first (must answer 200; its rows and queries shown), then BENCH_REQUESTS
// (default 100) sequential requests on one connection (at most BENCH_SECONDS), then BENCH_SECONDS
// (default 10) at BENCH_CONNECTIONS (default 50) with autocannon. `-- --only=<text>` for the cases
// whose name holds it; `-- --explain` prints each case's slowest query under EXPLAIN ANALYZE, as the
// application role with the request's own settings, instead of loading it.
// The API runs in this process on the application role's pool (row-level security), signed in as
// the bench user, statements timing out after BENCH_STATEMENT_TIMEOUT_MS (default 30 s; a timed-out
// request counts as an error). Figures are recorded by hand in bench/RESULTS.md.
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
import { benchIds } from './dashboard/cases.js';
import { type CaseResult, load } from './dashboard/load.js';
import { call, closeAgent, signIn } from './dashboard/session.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { describeBody, SEARCH_WORDS, tasksCases } from './tasks/cases.js';
import { explainAsApp, recordingDb } from './tasks/recording.js';
import { drained, type SequentialResult, sequential } from './tasks/sequential.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 30_000);
const explain = process.argv.includes('--explain');
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
const services = createServices(config, { db: recording.db, adminDb: database.adminDb }, null, {
  log: () => {},
});
const app = await buildApp({ services, logger: false });
const port = await freePort();
await app.listen({ host: '127.0.0.1', port });
const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
const cases = tasksCases().filter((c) => !only || c.name.includes(only));

try {
  await describeData();
  // One request each first: it must answer 200 with rows; how many queries it took.
  for (const c of cases) {
    const t0 = performance.now();
    let reply = { status: 0, body: '' };
    const recorded = await recording.record(async () => {
      reply = await call(port, 'GET', c.path, session.headers);
    });
    const ms = Math.round(performance.now() - t0);
    if (reply.status !== 200) {
      console.log(`${c.name}: first request ${ms} ms, ${reply.status} ${reply.body.slice(0, 300)}`);
      continue;
    }
    const { text, empty } = describeBody(JSON.parse(reply.body));
    console.log(
      `${c.name}: first request ${ms} ms, ${recorded.queries.length} queries; ${text}${empty ? '  (EMPTY)' : ''}`,
    );
  }

  if (explain) {
    for (const c of cases) {
      const recorded = await recording.record(() => call(port, 'GET', c.path, session.headers));
      // The API's own EXPLAINs (a count estimated from the plan) cannot be explained again, nor
      // can the transaction's begin and commit (a commit can be the slowest: it waits for the WAL).
      const slowest = recorded.queries.find((q) => !/^\s*(explain|begin|commit|rollback)\b/i.test(q.sql));
      if (!slowest) continue;
      const times = recorded.queries.slice(0, 5).map((q) => q.ms.toFixed(1));
      console.log(
        `\n=== ${c.name}: ${recorded.queries.length} queries (slowest ms: ${times.join(', ')}); explained ${slowest.ms.toFixed(1)} ms`,
      );
      // Every query of the request, slowest first, by its first words: where the time goes.
      for (const q of recorded.queries) {
        console.log(
          `  ${q.ms.toFixed(1).padStart(6)} ms  ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 110)}`,
        );
      }
      console.log(slowest.sql);
      console.log(`parameters: ${JSON.stringify(slowest.parameters).slice(0, 1000)}`);
      console.log(await explainAsApp(appUrl, recorded, slowest));
    }
  } else {
    const alone: SequentialResult[] = [];
    const loaded: CaseResult[] = [];
    for (const c of cases) {
      const options = { port, path: c.path, headers: session.headers };
      alone.push(await sequential(c.name, { ...options, requests: REQUESTS, seconds: SECONDS }));
      console.log(JSON.stringify({ connections: 1, ...alone.at(-1) }));
      loaded.push(await load(c.name, { ...options, connections: CONNECTIONS, seconds: SECONDS }));
      await drained(admin, config.APP_DB_ROLE);
      console.log(JSON.stringify({ connections: CONNECTIONS, ...loaded.at(-1) }));
    }
    console.log(`\n1 connection: up to ${REQUESTS} sequential requests within ${SECONDS} s per case (ms)`);
    console.table(alone);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s per case, one API process (autocannon in the same process)`,
    );
    console.table(loaded);
  }
} finally {
  closeAgent();
  await app.close();
  await recording.close();
  await admin.end();
  await database.close();
}

// What the cases run over, read as the administrator (no row-level security): the tenant's size, the
// bench user's open assignments by kind, and how many names hold each search word.
async function describeData() {
  const one = async (text: string, values: unknown[]) =>
    Number((await admin.query<{ n: string }>(text, values)).rows[0]?.n ?? 0).toLocaleString('en');
  const tenant = [ids.tenantId];
  const openSteps = `from workflow_steps s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    join workflow_step_users u on u.tenant_id = s.tenant_id and u.workflow_id = s.workflow_id and u.step_tag = s.step_tag
    where s.tenant_id = $1 and s.state = 'enabled' and w.archived_at is null`;
  console.log(
    [
      `${await one('select count(*) as n from workflows where tenant_id = $1', tenant)} workflows in the bench tenant`,
      `${await one(`select count(*) as n from workflow_steps where tenant_id = $1 and state = 'enabled'`, tenant)} open steps`,
      `bench user: ${await one(`select count(*) as n ${openSteps} and u.user_id = $2`, [...tenant, ids.userId])} direct open assignments`,
      `${await one(
        `select count(distinct (s.workflow_id, s.step_tag)) as n ${openSteps}
         and u.group_id in (select group_id from user_groups where tenant_id = $1 and user_id = $2)`,
        [...tenant, ids.userId],
      )} open steps of the bench user's groups`,
      await delegatedLine(one, openSteps),
      ...(await Promise.all(
        Object.values(SEARCH_WORDS).map(
          async (word) =>
            `${await one(`select count(*) as n from workflows where tenant_id = $1 and lower(name) like $2`, [
              ...tenant,
              `%${word.toLowerCase()}%`,
            ])} names hold '${word}'`,
        ),
      )),
    ].join('; '),
  );
}

async function delegatedLine(
  one: (text: string, values: unknown[]) => Promise<string>,
  openSteps: string,
): Promise<string> {
  const table = await admin.query<{ exists: boolean }>(
    `select to_regclass('public.task_delegations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return 'no task_delegations table (migration 0025 missing)';
  const active = `select delegator_id from task_delegations where tenant_id = $1 and delegate_id = $2
    and revoked_at is null and current_date between starts_on and ends_on`;
  const values = [ids.tenantId, ids.userId];
  return `${await one(`select count(*) as n from (${active}) d`, values)} active delegations to the bench user, ${await one(
    `select count(*) as n ${openSteps} and u.user_id in (${active})`,
    values,
  )} open assignments of the delegators`;
}
