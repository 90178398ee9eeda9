// Measures the API's request pipeline on a real PostgreSQL: tenant resolution, a session lookup
// under row-level security, and an argon2id sign-in. Run with `npm run bench`; results are recorded
// by hand in bench/RESULTS.md. Traffic goes to 127.0.0.1 only, bounded in time.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/bootstrap.js';
import { createTenant } from '../apps/server/src/db/seed/create-tenant.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/src/test/free-port.js';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TENANTS = 50;

// node:http rather than fetch: fetch may not set the Host header, and the host names the tenant.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };
function call(port: number, method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

type Result = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

async function measure(name: string, concurrency: number, send: () => Promise<Reply>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const response = await send();
        latencies.push(performance.now() - t0);
        if (response.status !== 200) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number((latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2));
  return {
    name,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    errors,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(await freePort()),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
});
const database = await openDatabase(config, () => {});
for (let i = 0; i < TENANTS; i++) {
  await createTenant(database.adminDb, {
    slug: `bench-${i}`,
    name: `Bench ${i}`,
    groups: [{ name: 'Members', permissions: ['can_view_dashboard', 'can_view_tasks'] }],
    users: [
      {
        email: `user@bench-${i}.test`,
        password: 'bench-password-1',
        first_name: 'B',
        last_name: 'U',
        groups: ['Members'],
      },
    ],
  });
}
const services = createServices(config, database, null, { log: () => {} });
const app = await buildApp({ services, logger: false });
const port = await freePort();
await app.listen({ host: '127.0.0.1', port });
const base = '/api/v1';
const get = (url: string, headers: Record<string, string>) => call(port, 'GET', url, headers);
const cookieValue = (reply: Reply, name: string) =>
  (reply.headers['set-cookie'] ?? []).map((c) => new RegExp(`^${name}=([^;]+)`).exec(c)?.[1]).find(Boolean) ??
  '';
const hostOf = (i: number) => `bench-${i % TENANTS}.localhost`;

// One signed-in session per tenant, as a browser would hold.
const sessions: { host: string; cookie: string }[] = [];
for (let i = 0; i < TENANTS; i++) {
  const host = hostOf(i);
  const csrf = cookieValue(await get(`${base}/customers/configuration/`, { host }), 'csrftoken');
  const login = await call(
    port,
    'POST',
    `${base}/users/login/`,
    { host, 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    JSON.stringify({ email: `user@${host.replace('.localhost', '')}.test`, password: 'bench-password-1' }),
  );
  if (login.status !== 200) throw new Error(`Sign-in failed for ${host}: ${login.body}`);
  sessions.push({ host, cookie: `sessionid=${cookieValue(login, 'sessionid')}` });
}

let n = 0;
const results = [
  await measure('GET configuration (anonymous, 50 tenants)', CONCURRENCY, () =>
    get(`${base}/customers/configuration/`, { host: hostOf(n++) }),
  ),
  await measure('GET users/me (session + permissions under RLS)', CONCURRENCY, () => {
    const s = sessions[n++ % sessions.length] ?? { host: '', cookie: '' };
    return get(`${base}/users/me/?format=json`, { host: s.host, cookie: s.cookie });
  }),
  await measure('GET users/permissions', CONCURRENCY, () => {
    const s = sessions[n++ % sessions.length] ?? { host: '', cookie: '' };
    return get(`${base}/users/permissions/`, { host: s.host, cookie: s.cookie });
  }),
];

console.log(
  `\n${TENANTS} tenants, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s each, one API process`,
);
console.table(results);
agent.destroy();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
