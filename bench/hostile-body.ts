// Hostile body timing (issue 12, finding 1): `npm run bench:hostile-body`. Starts its own product
// (embedded PostgreSQL owned by this script, the API with the demo seed, no job workers), signs in
// as the demo analyst (who may view reports) and sends BENCH_HOSTILE_ROUNDS (default 50) report
// previews whose operations nest 500 deep, each with a health check sent at the same moment, then
// the same number of health checks alone. Before the fix such a body took 26-28 s and held every
// other request as long. Loopback only; everything it started is stopped and its folder removed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_PATHS } from '@attest/shared';
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

const ROUNDS = Math.min(500, Math.max(1, Number(process.env.BENCH_HOSTILE_ROUNDS ?? 50) || 50));
const DEPTH = 500;
const HOST = 'acme.localhost';

// Operations nested DEPTH deep, built without recursion: about 26 KB, like the probe's body.
function deepOperationsBody(): string {
  let operation: unknown = { type: 'column', value: 'workflow__id' };
  for (let level = 1; level < DEPTH; level++) operation = { function: 'count', arguments: [operation] };
  return JSON.stringify({ config: { operations: [operation] } });
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const summary = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-hostile-'));
let postgres: EmbeddedDatabase | undefined;
let api: ServerProcess | undefined;
try {
  postgres = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const port = await freePort();
  api = spawnServer({
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'error',
  });
  await waitForHealthy(api, 300_000);
  const session = await signIn(port, HOST, 'analyst@acme.test', DEMO_PASSWORD);
  const body = deepOperationsBody();
  const health = () => call(port, 'GET', '/api/health/', { host: HOST });
  // Warm up both paths (JIT, the tenant and session caches).
  for (let i = 0; i < 5; i++) await call(port, 'POST', REPORT_PATHS.preview, session.writeHeaders, body);

  const deepMs: number[] = [];
  const besideMs: number[] = [];
  const statuses = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const [deep, beside] = await Promise.all([
      timed(() => call(port, 'POST', REPORT_PATHS.preview, session.writeHeaders, body)),
      timed(health),
    ]);
    statuses.set(deep.value.status, (statuses.get(deep.value.status) ?? 0) + 1);
    deepMs.push(deep.ms);
    besideMs.push(beside.ms);
  }
  const aloneMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) aloneMs.push((await timed(health)).ms);

  console.log(`body: ${body.length} bytes, operations ${DEPTH} deep; ${ROUNDS} rounds`);
  console.log(`answers: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
  console.log(`deep report preview:            ${summary(deepMs)}`);
  console.log(`health check beside it:         ${summary(besideMs)}`);
  console.log(`health check alone:             ${summary(aloneMs)}`);
} finally {
  closeAgent();
  await stopServer(api, 10_000);
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
