import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../server/src/test/free-port.js';
import { shouldRunRedisTests, TEST_REDIS_URL } from '../../../server/src/test/redis.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePort: number;
    e2eAdminUrl: string;
    // Set when a Redis answers: the server then fans live events out through it, and a journey may
    // start a second server process on the same database and Redis.
    e2eRedisUrl: string | null;
    e2eRealtimeRedisKey: string;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

// Starts `node apps/server/dist/main.js` as `npm start` does (without its heap setting), with the
// demo data seeded into a fresh embedded database, and stops it after the run.
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-e2e-'));
  const port = await freePort();
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
  };
  delete env.DATABASE_URL;
  Object.assign(env, { TENANT_CACHE_TTL_MS: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
  const redisUrl = (await shouldRunRedisTests()) ? TEST_REDIS_URL : null;
  // A key of this run's own, so another run sharing the Redis never hears these events.
  const realtimeRedisKey = `attest-e2e-${path.basename(dataDir)}`;
  if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, REALTIME_REDIS_KEY: realtimeRedisKey });
  else delete env.REDIS_URL;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  await waitForHealth(server, port);
  project.provide('e2ePort', port);
  project.provide('e2eAdminUrl', `postgres://postgres:attest-embedded@127.0.0.1:${pgPort}/postgres`);
  project.provide('e2eRedisUrl', redisUrl);
  project.provide('e2eRealtimeRedisKey', realtimeRedisKey);
  return async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}

export async function waitForHealth(server: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('The server did not become healthy within 120 s');
}

export function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
