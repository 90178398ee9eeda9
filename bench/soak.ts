// Soak and fault run (issue 12): `npm run bench:soak`. It starts its own product from scratch: an
// embedded PostgreSQL this script owns (so it can stop it as `pg_ctl stop -m fast` does), one API
// process with the demo seed and no job workers, and two `npm run worker` processes. Then it drives
// BENCH_SOAK_CONNECTIONS (default 200) signed-in connections for BENCH_SOAK_SECONDS (default 60)
// over a mix of the main calls with a few writes, each write carrying a unique marker; meanwhile it
// keeps the workers busy with exports, restarts PostgreSQL and kills one worker with SIGKILL in the
// middle of its jobs, then starts it again. At the end it checks in the database that every
// confirmed write (answered 2xx) is stored exactly once, and prints the figures. Loopback only;
// bounded in connections (at most 500) and time (at most 600 s); everything it started is stopped
// and its temporary folder removed, even on failure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.js';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-tenants.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import {
  type ServerProcess,
  spawnServer,
  stopServer,
  waitForHealthy,
} from '../apps/server/src/test/server-process.js';
import { call, closeAgent, signIn } from './dashboard/session.js';
import { type MixItem, runTraffic } from './soak/traffic.js';

const bounded = (value: string | undefined, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number(value ?? fallback) || fallback));
const CONNECTIONS = bounded(process.env.BENCH_SOAK_CONNECTIONS, 200, 500);
const SECONDS = bounded(process.env.BENCH_SOAK_SECONDS, 60, 600);
// The faults, in seconds from the start of the load.
const PG_RESTART_AT = Math.round(SECONDS / 3);
const PG_DOWN_SECONDS = 3;
const WORKER_KILL_AT = Math.round((SECONDS * 2) / 3);
const HOST = 'acme.localhost';
const runId = Date.now().toString(36);

const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-soak-'));
const pgPort = await freePort();
const apiPort = await freePort();
let postgres: EmbeddedDatabase | undefined;
let api: ServerProcess | undefined;
const workers: ServerProcess[] = [];
const log = (message: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

const cleanUp = async () => {
  closeAgent();
  await stopServer(api, 10_000);
  for (const worker of workers) await stopServer(worker, 10_000);
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startWorker(env: Record<string, string>): Promise<ServerProcess> {
  const worker = spawnServer(env, 'worker.ts');
  const deadline = Date.now() + 60_000;
  while (!worker.output().includes('Attest worker is running.')) {
    if (!worker.isRunning() || Date.now() > deadline)
      throw new Error(`A worker did not start:\n${worker.output()}`);
    await sleep(200);
  }
  return worker;
}

try {
  postgres = await startEmbeddedPostgres({ dataDir, port: pgPort });
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    PORT: String(apiPort),
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    RUN_WORKERS: 'false',
    TENANT_CACHE_TTL_MS: '5000',
    LOG_LEVEL: 'error',
  };
  log(`starting the API (demo seed) on 127.0.0.1:${apiPort}, PostgreSQL on ${pgPort}`);
  api = spawnServer(env);
  await waitForHealthy(api, 300_000);
  const workerEnv = { ...env, PORT: '0', SEED_DEMO: 'false' };
  workers.push(await startWorker(workerEnv), await startWorker(workerEnv));
  log('API and two workers running');

  const session = await signIn(apiPort, HOST, `admin@acme.test`, DEMO_PASSWORD);
  const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const reply = await call(
      apiPort,
      method,
      url,
      body === undefined ? session.headers : session.writeHeaders,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${reply.body.slice(0, 300)}`);
    return JSON.parse(reply.body) as T;
  };
  const kinds = await json<{ results: { id: number }[] }>('GET', '/api/v1/workflow-kinds/?limit=200');
  const kindId = kinds.results[0]?.id ?? 0;
  const list = await json<{ results: { id: number }[] }>(
    'GET',
    `/api/v1/workflows/?kind_id=${kindId}&limit=25`,
  );
  const workflowId = list.results[0]?.id ?? 0;
  const dashboards = await json<{ results: { id: number }[] }>('GET', '/api/v1/dashboards/?limit=10');
  const reports = await json<{ results: { id: number }[] }>(
    'GET',
    `/api/v1/dashboards/${dashboards.results[0]?.id ?? 0}/reports/`,
  );
  const reportId = reports.results[0]?.id ?? 0;
  const thread = await json<{ id: number }>('POST', `/api/v1/workflows/${workflowId}/threads/`, {});
  log(`kind ${kindId}, workflow ${workflowId}, report ${reportId}, thread ${thread.id}`);

  const mix: MixItem[] = [
    {
      name: 'workflow list',
      weight: 3,
      method: 'GET',
      path: `/api/v1/workflows/?kind_id=${kindId}&limit=25`,
    },
    { name: 'kind counts', weight: 1, method: 'GET', path: '/api/v1/workflow-kinds/counts/' },
    { name: 'workflow page', weight: 2, method: 'GET', path: `/api/v1/workflows/${workflowId}/` },
    { name: 'report data', weight: 2, method: 'GET', path: `/api/v1/reports/${reportId}/data/` },
    { name: 'mentions count', weight: 2, method: 'GET', path: '/api/v1/unread-mentions-count/' },
    { name: 'configuration', weight: 2, method: 'GET', path: '/api/v1/customers/configuration/' },
    {
      name: 'post comment (write)',
      weight: 1,
      method: 'POST',
      path: `/api/v1/threads/${thread.id}/messages/`,
      body: (marker) => JSON.stringify({ body: marker }),
    },
  ];
  for (const item of mix.filter((i) => i.method === 'GET')) {
    const reply = await call(apiPort, 'GET', item.path, session.headers);
    if (reply.status !== 200) throw new Error(`${item.name}: ${reply.status} ${reply.body.slice(0, 300)}`);
  }

  // The workers' jobs: exports of the whole list, one every 2 s from this script (the API refuses a
  // user's fourth active export, which is counted apart).
  const exportIds: number[] = [];
  let exportsRefused = 0;
  const exportTimer = setInterval(() => {
    json<{ id: number }>('POST', '/api/v2/workflows/export/', { kind_id: kindId, format: 'xlsx' })
      .then((created) => exportIds.push(created.id))
      .catch(() => {
        exportsRefused += 1;
      });
  }, 2000);

  const faults: string[] = [];
  // The jobs running when the worker is killed (pg-boss does not say which worker holds which).
  const activeJobs = async () => {
    const client = new pg.Client({ connectionString: postgres?.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pgboss.job where state = 'active'",
      );
      return Number(rows[0]?.n);
    } catch {
      return 'unknown';
    } finally {
      await client.end().catch(() => {});
    }
  };
  const fault = async (second: number) => {
    if (second === PG_RESTART_AT) {
      log('PostgreSQL: fast stop');
      await postgres?.stop();
      postgres = undefined;
      await sleep(PG_DOWN_SECONDS * 1000);
      postgres = await startEmbeddedPostgres({ dataDir, port: pgPort });
      faults.push(`PostgreSQL stopped (fast) at ${second} s, started again ${PG_DOWN_SECONDS} s later`);
      log('PostgreSQL: started again');
    }
    if (second === WORKER_KILL_AT) {
      // In the middle of a job: wait (10 s at most) until one is running.
      let active = await activeJobs();
      for (let tries = 0; tries < 50 && active === 0; tries++) {
        await sleep(200);
        active = await activeJobs();
      }
      const victim = workers.shift();
      log(`worker pid ${victim?.child.pid}: SIGKILL`);
      victim?.child.kill('SIGKILL');
      await victim?.exited;
      await sleep(2000);
      workers.push(await startWorker(workerEnv));
      faults.push(
        `worker killed (SIGKILL) at ${second} s with ${active} job(s) active (on either worker), a new one started 2 s later`,
      );
      log('worker: started again');
    }
  };
  const faultRuns: Promise<void>[] = [];

  log(`load: ${CONNECTIONS} connections for ${SECONDS} s`);
  const result = await runTraffic({
    port: apiPort,
    session,
    mix,
    connections: CONNECTIONS,
    seconds: SECONDS,
    runId,
    quietSeconds: PG_RESTART_AT,
    onTick: (second) => faultRuns.push(fault(second)),
  });
  clearInterval(exportTimer);
  await Promise.all(faultRuns);
  const apiAlive = api.isRunning();

  // Exports still queued or running get a minute to finish (a killed worker's job is handed out again).
  const exportStates = async () => {
    const states: Record<string, number> = {};
    for (const id of exportIds) {
      const state = (await json<{ state: string }>('GET', `/api/v2/workflows/export/${id}/`)).state;
      states[state] = (states[state] ?? 0) + 1;
    }
    return states;
  };
  let states = await exportStates();
  const waitUntil = Date.now() + 60_000;
  while ((states.queued ?? 0) + (states.running ?? 0) > 0 && Date.now() < waitUntil) {
    await sleep(2000);
    states = await exportStates();
  }

  // Every confirmed write exactly once; an unconfirmed one (no answer, or a 5xx) at most once.
  const admin = new pg.Client({ connectionString: postgres?.url });
  await admin.connect();
  const { rows } = await admin.query<{ body: string; n: string }>(
    'select body, count(*) as n from messages where body like $1 group by body',
    [`soak-${runId}-%`],
  );
  await admin.end();
  const stored = new Map(rows.map((row) => [row.body, Number(row.n)]));
  const missing = result.confirmedWrites.filter((marker) => (stored.get(marker) ?? 0) === 0);
  const duplicated = [...stored].filter(([, n]) => n > 1).map(([marker]) => marker);
  const unconfirmedStored = result.unconfirmedWrites.filter((marker) => stored.has(marker)).length;

  const { confirmedWrites, unconfirmedWrites, ...figures } = result;
  console.log(
    JSON.stringify(
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
        ...figures,
        writes: {
          confirmed: confirmedWrites.length,
          confirmedMissing: missing.length,
          duplicated: duplicated.length,
          unconfirmed: unconfirmedWrites.length,
          unconfirmedStored,
        },
        exports: { created: exportIds.length, refused: exportsRefused, states },
        faults,
        apiAlive,
      },
      null,
      2,
    ),
  );
  const ok = apiAlive && missing.length === 0 && duplicated.length === 0;
  log(ok ? 'PASS: the API survived and every confirmed write is stored exactly once' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
  if (api) console.error(`API output:\n${api.output()}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
