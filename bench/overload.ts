// Overload without collapse (issue 17) at 1M workflows: first the cheap request alone, then the same
// cheap request beside a flood of an expensive one, in one run. Run `npm run bench:seed` once, then
// `npm run bench:overload` (BENCH_SECONDS per phase, default 10; BENCH_CHEAP_CONNECTIONS, default 5;
// BENCH_FLOOD_CONNECTIONS, default 50; `-- --cheap=<text>` and `-- --flood=<text>` pick the cases of
// bench/dashboard/cases.ts whose name holds the text: by default the kind view's first page beside
// the list's common name search).
// The API runs in this process with the configured admission lanes (ADMISSION_* and
// DATABASE_POOL_MAX, docs/operations.md "Overload"). Every answer is counted by lane and status; a
// 503 without Retry-After is one the lanes did not give (the pool's acquire timeout, the database),
// which is what this bench shows never happens. Figures are recorded by hand in bench/RESULTS.md.
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { poolStats } from '../apps/server/src/db/database.js';
// The lanes' types on the app (app.admission), which the server's declarations do not carry here.
import type {} from '../apps/server/src/platform/admission/admission-hook.js';
import { admissionSettings } from '../apps/server/src/platform/admission/admission-settings.js';
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
import { type CaseResult, load } from './dashboard/load.js';
import { closeAgent, signIn } from './dashboard/session.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHEAP_CONNECTIONS = Number(process.env.BENCH_CHEAP_CONNECTIONS ?? 5);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
const ids = await benchIds(admin, BENCH_TENANT_SLUG, BENCH_USER_EMAIL);
const cases = dashboardCases(ids);
const pick = (text: string) => {
  const found = cases.find((c) => c.name.includes(text));
  if (!found) throw new Error(`No case named like '${text}' in bench/dashboard/cases.ts`);
  return found;
};
const cheap = pick(option('cheap', 'kind view, page 1'));
const flood = pick(option('flood', 'q search, common'));

const services = createServices(config, { db: database.db, adminDb: database.adminDb }, null, {
  log: () => {},
});
const app = await buildApp({ services, logger: false });
// Every answer by lane and status; the refusals the lanes give carry Retry-After.
type Tally = Record<string, number>;
const answers: Record<'cheap' | 'flood', Tally> = { cheap: {}, flood: {} };
app.addHook('onResponse', async (request, reply) => {
  const side = request.url === cheap.path ? 'cheap' : request.url === flood.path ? 'flood' : null;
  if (!side) return;
  const key =
    reply.statusCode === 503
      ? reply.getHeader('retry-after')
        ? '503 lanes'
        : '503 other'
      : String(reply.statusCode);
  answers[side][key] = (answers[side][key] ?? 0) + 1;
});
// The deepest each lane's queue went, and the most queries waiting for a pool connection, sampled
// every 50 ms.
const deepest = { cheap: 0, expensive: 0, poolWaiting: 0, poolInUse: 0 };
const sampler = setInterval(() => {
  const pool = poolStats(database.db);
  deepest.cheap = Math.max(deepest.cheap, app.admission.lanes.cheap.queued);
  deepest.expensive = Math.max(deepest.expensive, app.admission.lanes.expensive.queued);
  deepest.poolWaiting = Math.max(deepest.poolWaiting, pool.waiting);
  deepest.poolInUse = Math.max(deepest.poolInUse, pool.total - pool.idle);
}, 50);

// Requests still queued or running when a phase ends would load the next one.
const drained = async () => {
  const deadline = Date.now() + 180_000;
  let idleChecks = 0;
  while (idleChecks < 5 && Date.now() < deadline) {
    const { cheap: c, expensive: e } = app.admission.lanes;
    const busy = c.running + c.queued + e.running + e.queued;
    idleChecks = busy === 0 ? idleChecks + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const port = await freePort();
await app.listen({ host: '127.0.0.1', port });
const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
const run = (name: string, path: string, connections: number) =>
  load(name, { port, path, headers: session.headers, connections, seconds: SECONDS });

try {
  const total = await admin.query<{ n: string }>(`select count(*) as n from workflows where tenant_id = $1`, [
    ids.tenantId,
  ]);
  console.log(`${Number(total.rows[0]?.n).toLocaleString('en')} workflows in the bench tenant`);
  console.log(`lanes: ${JSON.stringify(admissionSettings(config))}, pool ${config.DATABASE_POOL_MAX}`);
  console.log(
    `cheap: ${cheap.name} (lane ${laneOf(cheap.path)}); flood: ${flood.name} (lane ${laneOf(flood.path)})`,
  );

  const alone = await run(`cheap alone (${CHEAP_CONNECTIONS} conn.)`, cheap.path, CHEAP_CONNECTIONS);
  await drained();
  const aloneAnswers = { ...answers.cheap };
  answers.cheap = {};
  const [beside, flooding] = await Promise.all([
    run(`cheap beside the flood (${CHEAP_CONNECTIONS} conn.)`, cheap.path, CHEAP_CONNECTIONS),
    run(`flood (${FLOOD_CONNECTIONS} conn.)`, flood.path, FLOOD_CONNECTIONS),
  ]);
  await drained();
  const results: (CaseResult & { answers: string })[] = [
    { ...alone, answers: JSON.stringify(aloneAnswers) },
    { ...beside, answers: JSON.stringify(answers.cheap) },
    { ...flooding, answers: JSON.stringify(answers.flood) },
  ];
  console.log(`\n${SECONDS} s per phase, one API process (autocannon in the same process)`);
  console.table(results.map(({ peakRssMb: _, ...r }) => r));
  console.log(`deepest queues: cheap ${deepest.cheap}, expensive ${deepest.expensive}`);
  console.log(
    `pool: at most ${deepest.poolInUse} of ${config.DATABASE_POOL_MAX} connections in use, ${deepest.poolWaiting} queries waiting for one`,
  );
  const other = (answers.cheap['503 other'] ?? 0) + (answers.flood['503 other'] ?? 0);
  console.log(`503s not given by the lanes (pool acquire timeout, database): ${other}`);
} finally {
  clearInterval(sampler);
  closeAgent();
  await app.close();
  await admin.end();
  await database.close();
}

function laneOf(path: string): string {
  const url = path.split('?')[0];
  return app.admission.routes.find((r) => r.method === 'GET' && r.url === url)?.lane ?? 'cheap';
}
