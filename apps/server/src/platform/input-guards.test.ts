import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INPUT_LIMIT_MESSAGES, REPORT_PATHS, ReportSchema } from '@attest/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../test/test-app.js';
import { registerErrorHandler } from './error-handler.js';

const { app, db, adminDb } = await createTestApp();
// A real listening server, so a blocked event loop really delays the parallel health check.
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

type Answer = { status: number; body: string; ms: number };

function send(host: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: Math.round(performance.now() - started),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Builds a value `depth` levels deep without recursion.
function nest(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 1; level < depth; level++) value = wrap(value);
  return value;
}
const operation = (inner: unknown) => ({ function: 'count', arguments: [inner] });
const deepOperations = (depth: number) => ({
  operations: [nest(depth, operation, { type: 'column', value: 'workflow__id' })],
});
const deepFilters = (depth: number) => ({
  filters: nest(depth, (inner) => ({ type: 'AND', conditions: [inner] }), { type: 'AND', conditions: [] }),
});

async function reportAdmin() {
  const tenant = await createTestTenant(adminDb);
  const admin = `admin@${tenant.slug}.test`;
  await grant(adminDb, tenant.id, userId(tenant, admin), [
    'can_add_process_report',
    'can_change_process_report',
  ]);
  const client = TestClient.forTenant(app, tenant.slug);
  expect((await client.signIn(admin)).statusCode).toBe(200);
  const created = await client.post(REPORT_PATHS.reports, { dashboard_id: null, name: 'Count', config: {} });
  expect(created.statusCode, created.body).toBe(201);
  return { client, report: ReportSchema.parse(created.json()) };
}

const expectTooDeep = (answer: { status?: number; statusCode?: number; body: string }) => {
  expect(answer.status ?? answer.statusCode, answer.body).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({ detail: INPUT_LIMIT_MESSAGES.tooDeep, code: 'invalid' });
};

describe('issue 12.1: a deeply nested body cannot stall the server', () => {
  it('answers a 500-deep report body with 400 at once on each report route, while a parallel health check answers', async () => {
    const { client, report } = await reportAdmin();
    const headers = {
      'content-type': 'application/json',
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    };
    const config = deepOperations(500);
    const routes: [string, string, object][] = [
      ['POST', REPORT_PATHS.preview, { config }],
      ['POST', REPORT_PATHS.reports, { dashboard_id: null, name: 'Deep', config }],
      ['PATCH', REPORT_PATHS.report(report.id), { config }],
    ];
    for (const [method, path, payload] of routes) {
      const [deep, health] = await Promise.all([
        send(client.host, method, path, headers, JSON.stringify(payload)),
        send(client.host, 'GET', '/api/health/', {}),
      ]);
      console.info(`${method} ${path} 500 deep: ${deep.status} in ${deep.ms} ms; health ${health.ms} ms`);
      expectTooDeep(deep);
      expect(health.status).toBe(200);
      // Generous bounds: before the fix the deep body took 26-28 s and held the health check as long.
      expect(deep.ms).toBeLessThan(1000);
      expect(health.ms).toBeLessThan(1000);
    }
  });

  it('answers 700-deep filters and 1,000-deep operations with 400, not a stack overflow', async () => {
    const { client } = await reportAdmin();
    expectTooDeep(await client.post(REPORT_PATHS.preview, { config: deepFilters(700) }));
    expectTooDeep(await client.post(REPORT_PATHS.preview, { config: deepOperations(1000) }));
  });

  it('refuses a too-deep report that fits the body limit in the schema, with the report message', async () => {
    const { client } = await reportAdmin();
    const response = await client.post(REPORT_PATHS.preview, { config: deepOperations(6) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain('Operations nest at most 3 deep.');
  });

  it('keeps the prototype-poisoning protection of the JSON parser', async () => {
    const { client } = await reportAdmin();
    const response = await client.request({
      method: 'POST',
      url: REPORT_PATHS.preview,
      headers: { 'content-type': 'application/json' },
      payload: '{"config":{},"__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });
});

describe('issue 12.5: text the database cannot store answers 400, not 500', () => {
  it('refuses a NUL byte in the e-mail of the unauthenticated login', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const response = await client.post('/api/v1/users/login/', {
      email: `admin@${tenant.slug}.test\u0000`,
      password: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: INPUT_LIMIT_MESSAGES.nulCharacter,
      code: 'invalid',
      errors: { email: [INPUT_LIMIT_MESSAGES.nulCharacter] },
    });
  });

  it('refuses a NUL byte in a query string and in a nested body key', async () => {
    const { client } = await reportAdmin();
    const query = await client.get(`${REPORT_PATHS.dashboards}?search=a%00b`);
    expect(query.statusCode).toBe(400);
    expect(query.json().detail).toBe(INPUT_LIMIT_MESSAGES.nulCharacter);
    const key = await client.post(REPORT_PATHS.preview, {
      config: { other_configurations: { 'a\u0000': 1 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().detail).toBe(INPUT_LIMIT_MESSAGES.nulCharacter);
  });

  it('refuses a body that is not valid UTF-8', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"email":"a'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('@x.test"}'),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: INPUT_LIMIT_MESSAGES.invalidUtf8, code: 'invalid' });
  });

  it('maps a real PostgreSQL refusal of NUL (22021) to 400 as a second line of defence', async () => {
    // A bare app with only the error handler: the input guards do not run, the database refuses.
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/', async () => (await sql`select ${'a\u0000b'}::text as t`.execute(db)).rows);
    const response = await bare.inject({ method: 'GET', url: '/' });
    await bare.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: INPUT_LIMIT_MESSAGES.invalidText, code: 'invalid' });
  });
});
