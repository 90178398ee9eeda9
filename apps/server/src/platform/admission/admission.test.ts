import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, poolStats } from '../../db/database.js';
import { createServices } from '../../services.js';
import { localCaptchaVerifier } from '../../test/local-captcha.js';
import { createTestTenant } from '../../test/test-app.js';
import type { Admission } from './admission-hook.js';

const SLOW = '/api/v1/admission-test/slow/';
const QUICK = '/api/v1/admission-test/quick/';
const CHOSEN = '/api/v1/admission-test/chosen/';

type Answer = { status: number; retryAfter: string | undefined; body: { detail?: string; code?: string } };

// A real server on its own small pool, with two routes of the test's own: one that sleeps in SQL
// in the expensive lane, one quick query in the cheap lane.
async function startServer(env: Record<string, string>, pool: { max: number; acquireTimeoutMs: number }) {
  const config = loadConfig({ TENANT_CACHE_TTL_MS: '0', LOG_LEVEL: 'silent', ...env });
  const adminDb = createDb({ connectionString: inject('adminUrl'), max: 2, onPoolError: () => {} });
  const db = createDb({ connectionString: inject('appUrl'), ...pool, onPoolError: () => {} });
  const services = createServices(config, { db, adminDb }, null, {
    log: () => {},
    captchaVerifier: localCaptchaVerifier,
  });
  const app = await buildApp({ services, logger: false });
  app.get<{ Querystring: { ms?: string } }>(
    SLOW,
    { config: { access: 'public', lane: 'expensive' } },
    async (request) => {
      await sql`select pg_sleep(${Number(request.query.ms ?? 1000) / 1000})`.execute(db);
      return { slept: true };
    },
  );
  app.get<{ Querystring: { heavy?: string } }>(
    CHOSEN,
    {
      config: {
        access: 'public',
        lane: (request) => ('heavy' in (request.query as object) ? 'expensive' : 'cheap'),
      },
    },
    async () => {
      await sql`select pg_sleep(0.5)`.execute(db);
      return { slept: true };
    },
  );
  app.get(QUICK, { config: { access: 'public' } }, async () => {
    await sql`select 1`.execute(db);
    return { quick: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const tenant = await createTestTenant(adminDb);
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await adminDb.destroy();
  });
  const { port } = app.server.address() as AddressInfo;
  const get = (path: string, signal?: AbortSignal) => request(port, `${tenant.slug}.localhost`, path, signal);
  return { app, get, pool: () => poolStats(db) };
}

function request(port: number, host: string, path: string, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { host }, agent: false, signal },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
  });
}

async function until(condition: () => boolean, withinMs = 5000): Promise<void> {
  for (let i = 0; i < withinMs / 10 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

const lanes = (app: FastifyInstance): Admission['lanes'] => app.admission.lanes;
const OVERLOADED = { detail: 'Service Unavailable', code: 'service_unavailable' };

describe('admission under overload (issue 17)', async () => {
  const small = { max: 3, acquireTimeoutMs: 5000 };
  const { app, get } = await startServer(
    {
      ADMISSION_CHEAP_CONCURRENCY: '2',
      ADMISSION_EXPENSIVE_CONCURRENCY: '1',
      ADMISSION_QUEUE_LENGTH: '2',
      ADMISSION_QUEUE_TIMEOUT_MS: '20000',
    },
    small,
  );

  it('answers cheap requests while slow ones fill the expensive lane, and refuses past its queue bound', async () => {
    const slow = [get(`${SLOW}?ms=1500`), get(`${SLOW}?ms=1500`), get(`${SLOW}?ms=1500`)];
    await until(() => lanes(app).expensive.running === 1 && lanes(app).expensive.queued === 2);
    // The queue holds two: the fourth is refused at once, with Retry-After and the spec's message.
    const refused = await get(`${SLOW}?ms=1500`);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(OVERLOADED);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    // Cheap requests pass beside the slow ones: all answered while the first slow one still runs.
    const quick: number[] = [];
    for (let i = 0; i < 6; i += 1) quick.push((await get(QUICK)).status);
    expect(quick).toEqual([200, 200, 200, 200, 200, 200]);
    expect(lanes(app).expensive.running).toBe(1);
    expect(lanes(app).expensive.queued).toBe(2);
    expect((await Promise.all(slow)).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(lanes(app).expensive.running).toBe(0);
  });

  it('drops a queued request whose client went away', async () => {
    let firstDone = false;
    const running = get(`${SLOW}?ms=2000`).finally(() => {
      firstDone = true;
    });
    await until(() => lanes(app).expensive.running === 1);
    const gone = new AbortController();
    const abandoned = get(`${SLOW}?ms=1000`, gone.signal).catch((error: Error) => error.name);
    await until(() => lanes(app).expensive.queued === 1);
    gone.abort();
    expect(await abandoned).toBe('AbortError');
    await until(() => lanes(app).expensive.queued === 0, 500);
    // It left the queue at once, not when its turn came: the first request still runs.
    expect(firstDone).toBe(false);
    expect(lanes(app).expensive.running).toBe(1);
    expect((await running).status).toBe(200);
  });
});

describe('the expensive lane (issue 17)', async () => {
  const { app, get } = await startServer({}, { max: 2, acquireTimeoutMs: 5000 });

  it('holds the counts, search, report data and the export request; the list and the rest are cheap', () => {
    const expensive = app.admission.routes
      .filter((r) => r.lane === 'expensive' && r.method !== 'HEAD' && !r.url.includes('admission-test'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(expensive).toEqual(
      [
        'GET /api/v1/search/',
        'GET /api/v1/workflow-kinds/:id/count/',
        'GET /api/v1/workflow-kinds/:id/alert-count/',
        'GET /api/v1/workflow-kinds/counts/',
        'GET /api/v1/tasks/counts/',
        'GET /api/v1/reports/:id/data/',
        'GET /api/v1/reports/:id/data.csv',
        'POST /api/v1/reports/preview/',
        'POST /api/v2/workflows/export/',
      ].sort(),
    );
    const lanes = new Map(app.admission.routes.map((r) => [`${r.method} ${r.url}`, r.lane]));
    // The list is expensive only with a name search (q): it chooses per request.
    expect(lanes.get('GET /api/v1/workflows/')).toBe('per request');
    expect(lanes.get('GET /api/health/')).toBe('cheap');
  });

  it('lets a route choose the lane per request', async () => {
    const heavy = get(`${CHOSEN}?heavy=1`);
    await until(() => app.admission.lanes.expensive.running === 1);
    expect(app.admission.lanes.cheap.running).toBe(0);
    const light = get(CHOSEN);
    await until(() => app.admission.lanes.cheap.running === 1);
    expect((await Promise.all([heavy, light])).map((a) => a.status)).toEqual([200, 200]);
  });
});

describe('a queue deadline (issue 17)', async () => {
  const { app, get } = await startServer(
    { ADMISSION_EXPENSIVE_CONCURRENCY: '1', ADMISSION_QUEUE_TIMEOUT_MS: '300' },
    { max: 3, acquireTimeoutMs: 5000 },
  );

  it('answers 503 with Retry-After to a request still queued at its deadline', async () => {
    const first = get(`${SLOW}?ms=1500`);
    await until(() => lanes(app).expensive.running === 1);
    const late = await get(`${SLOW}?ms=10`);
    expect(late.status).toBe(503);
    expect(late.body).toEqual(OVERLOADED);
    expect(Number(late.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(lanes(app).expensive.queued).toBe(0);
    expect((await first).status).toBe(200);
  });
});

// A flood of twelve requests on a pool of three connections whose acquire timeout is 200 ms: the
// lanes (two cheap, one expensive) keep the pool's queue empty, so nothing fails on that timeout.
// The same flood with lanes wider than the pool shows the failure the lanes prevent.
describe('the pool acquire timeout under a flood (issue 17)', async () => {
  const pool = { max: 3, acquireTimeoutMs: 200 };
  const flood = async (get: (path: string) => Promise<Answer>) =>
    Promise.all([
      ...Array.from({ length: 6 }, () => get(`${SLOW}?ms=400`)),
      ...Array.from({ length: 6 }, () => get(QUICK)),
    ]);
  const sized = await startServer(
    { ADMISSION_CHEAP_CONCURRENCY: '2', ADMISSION_EXPENSIVE_CONCURRENCY: '1' },
    pool,
  );
  const unbounded = await startServer(
    { ADMISSION_CHEAP_CONCURRENCY: '12', ADMISSION_EXPENSIVE_CONCURRENCY: '6' },
    pool,
  );

  it('never reaches a request when the lanes fit the pool', async () => {
    let waitedForPool = 0;
    const sampler = setInterval(() => {
      waitedForPool = Math.max(waitedForPool, sized.pool().waiting);
    }, 5);
    const answers = await flood(sized.get);
    clearInterval(sampler);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    // Queued requests waited in the lanes, not for a connection.
    expect(waitedForPool).toBe(0);
  });

  it('does reach requests when the lanes admit more than the pool holds', async () => {
    const answers = await flood(unbounded.get);
    const poolTimeouts = answers.filter((a) => a.status === 503 && a.retryAfter === undefined);
    expect(poolTimeouts.length).toBeGreaterThan(0);
  });
});
