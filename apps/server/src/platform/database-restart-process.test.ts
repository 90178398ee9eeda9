import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/database.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createTenant } from '../db/seed/create-tenant.js';
import { freePort } from '../test/free-port.js';
import { type ServerProcess, spawnServer, stopServer, waitForHealthy } from '../test/server-process.js';

// The real server process under load while the PostgreSQL it uses (owned by this test) is stopped
// fast (SIGINT, what `pg_ctl stop -m fast` sends) and started again, five times. Connections checked
// out by requests in flight are cut mid-transaction, which used to crash the process.
const RESTARTS = 5;
const LOAD_CONNECTIONS = 40;

let dataDir: string;
let pgPort: number;
let postgres: EmbeddedDatabase | undefined;
let server: ServerProcess | undefined;
const statuses = new Map<number, number>();
let dropped = 0;

// Keep-alive like a browser or a load balancer; the bare IP address resolves to DEFAULT_TENANT.
const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS });
const get = (url: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const request = http.get(url, { agent, timeout: 15_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'attest-restart-process-'));
  pgPort = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port: pgPort });
  server = spawnServer({
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DEFAULT_TENANT: 'restartproc',
  });
  await waitForHealthy(server);
  // The server has migrated the database; the tenant its requests resolve to.
  const adminDb = createDb({ connectionString: postgres.url, max: 1, onPoolError: () => {} });
  await createTenant(adminDb, { slug: 'restartproc', name: 'Restart process' });
  await adminDb.destroy();
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await stopServer(server, 5000);
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL restarts under load', () => {
  it('never take the API process down: it answers 503 while the database is down, 200 after', async () => {
    const baseUrl = server?.baseUrl ?? '';
    const configuration = `${baseUrl}/api/v1/customers/configuration/`;
    expect(await get(configuration)).toBe(200);

    let loading = true;
    const loop = async () => {
      while (loading && server?.isRunning()) {
        try {
          const status = await get(configuration);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch {
          dropped += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const load = Array.from({ length: LOAD_CONNECTIONS }, loop);

    for (let restart = 0; restart < RESTARTS; restart++) {
      // Let the load fill the pool with requests in flight, then cut the database under them.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await postgres?.stop();
      postgres = undefined;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(server?.isRunning(), server?.output()).toBe(true);
      expect(await get(configuration)).toBe(503);
      postgres = await startEmbeddedPostgres({ dataDir, port: pgPort });
      let status = 0;
      for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = await get(configuration);
      }
      expect(status, server?.output()).toBe(200);
    }
    loading = false;
    await Promise.all(load);

    expect(server?.isRunning(), server?.output()).toBe(true);
    // Every answer under load was a success or "unavailable"; none was a 500 and no connection dropped.
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(dropped).toBe(0);
  }, 120_000);
});
