// The studio benchmarks' own product (issue 15): a fresh embedded PostgreSQL in a temporary folder
// (removed at the end, even on failure), migrated as the server does, and the API built in this
// process with no job queue, called through Fastify's inject (no sockets: what is timed is the
// request's own work, parsing and answering included). One tenant per measured case, with a designer
// who holds every permission (studio, deployments) and one region to create workflows in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, PERMISSION_CODENAMES } from '@attest/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { type OpenDatabase, openDatabase } from '../../apps/server/src/db/bootstrap.js';
import { createTenant } from '../../apps/server/src/db/seed/create-tenant.js';
import { createServices } from '../../apps/server/src/services.js';
import { freePort } from '../../apps/server/src/test/free-port.js';

const PASSWORD = 'studio-bench-password';

export type StudioBench = {
  app: FastifyInstance;
  database: OpenDatabase;
  close: () => Promise<void>;
};

export async function openStudioBench(): Promise<StudioBench> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-studio-bench-'));
  // Always a fresh embedded database, whatever DATABASE_URL the shell carries.
  const { DATABASE_URL: _url, DATABASE_APP_URL: _appUrl, ...env } = process.env;
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
    TENANT_CACHE_TTL_MS: '0',
  });
  let database: OpenDatabase | undefined;
  let app: FastifyInstance | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C or a kill: stop the embedded cluster and remove the folder before leaving.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().finally(() => process.exit(130)));
  }
  try {
    database = await openDatabase(config, (source, error) => console.error(`[${source}] ${error.message}`));
    const services = createServices(config, database, null, { log: () => {} });
    app = await buildApp({ services, logger: false });
    return { app, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type BenchTenant = {
  id: string;
  designerId: string;
  regionId: string;
  businessUnitId: string;
  designer: BenchClient;
};

// A tenant whose designer holds every permission and is signed in.
export async function createStudioBenchTenant(bench: StudioBench, slug: string): Promise<BenchTenant> {
  const email = `designer@${slug}.test`;
  const created = await createTenant(bench.database.adminDb, {
    slug,
    name: `Studio bench ${slug}`,
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [{ name: 'Designers', permissions: PERMISSION_CODENAMES }],
    users: [{ email, password: PASSWORD, first_name: 'Dana', last_name: 'Designer', groups: ['Designers'] }],
  });
  const unit = await bench.database.adminDb
    .selectFrom('business_units')
    .select(['id', 'region_id'])
    .where('tenant_id', '=', created.id)
    .executeTakeFirstOrThrow();
  const designer = new BenchClient(bench.app, `${slug}.localhost`);
  await designer.get('/api/v1/customers/configuration/');
  await designer.json('POST', '/api/v1/users/login/', { email, password: PASSWORD });
  return {
    id: created.id,
    designerId: created.userIds[email] ?? '',
    regionId: unit.region_id,
    businessUnitId: unit.id,
    designer,
  };
}

// A browser-like client for one tenant's host: it keeps cookies and echoes the CSRF cookie on writes.
export class BenchClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly host: string,
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get(CSRF_COOKIE);
    if (token && options.method !== 'GET') headers[CSRF_HEADER] = token;
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      if (cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  // A call that must succeed: anything but 2xx stops the benchmark with the answer's body.
  async json<T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
    const response = await this.request({ method, url, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    }
    return (response.body ? response.json() : undefined) as T;
  }
}
