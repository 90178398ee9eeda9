import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { appRoleUrl, createDb, type Db } from '../db/database.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { ensureAppRole, migrateToLatest } from '../db/migrate.js';
import { createTenant } from '../db/seed/create-tenant.js';
import { createServices } from '../services.js';
import { freePort } from '../test/free-port.js';

// Its own PostgreSQL, because this test stops and restarts it.
let dataDir: string;
let port: number;
let postgres: EmbeddedDatabase;
let app: FastifyInstance;
let db: Db;
const poolErrors: Error[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'attest-restart-pg-'));
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port });
  const adminDb = createDb({ connectionString: postgres.url, max: 1, onPoolError: () => {} });
  await migrateToLatest(adminDb as Kysely<unknown>);
  await ensureAppRole(adminDb as Kysely<unknown>, 'attest_app', 'restart-test-password');
  await createTenant(adminDb, { slug: 'restart', name: 'Restart' });
  await adminDb.destroy();
  db = createDb({
    connectionString: appRoleUrl(postgres.url, 'attest_app', 'restart-test-password'),
    onPoolError: (error) => poolErrors.push(error),
  });
  const config = loadConfig({ TENANT_CACHE_TTL_MS: '0', LOG_LEVEL: 'silent' });
  app = await buildApp({
    services: createServices(config, { db, adminDb: db }, null, { log: () => {} }),
    logger: false,
  });
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const configuration = () =>
  app.inject({
    method: 'GET',
    url: '/api/v1/customers/configuration/',
    headers: { host: 'restart.localhost' },
  });

describe('a PostgreSQL restart', () => {
  it('answers 503 while the database is down and recovers once it is back, without dying', async () => {
    expect((await configuration()).statusCode).toBe(200);

    await postgres.stop();
    const down = await configuration();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: 'Service Unavailable', code: 'service_unavailable' });
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(503);

    postgres = await startEmbeddedPostgres({ dataDir, port });
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await configuration()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });
});
