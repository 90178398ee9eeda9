import { PERMISSION_CODENAMES } from '@attest/shared';
// app.swagger()'s type: the plugin's augmentation of FastifyInstance.
import type {} from '@fastify/swagger';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../test/admin-fixtures.js';
import { type HostileCase, hostileCases, type RouteSchemas } from '../test/hostile-cases.js';
import { createTestApp, createTestTenant, TestClient } from '../test/test-app.js';

const { app, adminDb } = await createTestApp();
await app.ready();

// Issue 12: every hostile input to every route answers a 4xx with {detail, code}, quickly. The
// cases come from each route's own schemas (through the OpenAPI document generated from the zod
// schemas), so a new route or field is walked the day it is added.
type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: RouteSchemas['body'] }[];
  requestBody?: { content?: Record<string, { schema?: RouteSchemas['body'] }> };
};
const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };

function schemasOf(method: string, url: string): RouteSchemas {
  const operation = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
  const parameters = operation?.parameters ?? [];
  const group = (where: string) =>
    parameters
      .filter((p) => p.in === where)
      .map((p) => ({ name: p.name, schema: p.schema, required: p.required }));
  return {
    body: operation?.requestBody?.content?.['application/json']?.schema,
    query: group('query'),
    params: [
      ...group('path'),
      // A route the document does not describe still has its path parameters walked.
      ...[...url.matchAll(/:([A-Za-z_]+)/g)]
        .map((match) => match[1] as string)
        .filter((name) => !parameters.some((p) => p.in === 'path' && p.name === name))
        .map((name) => ({ name, schema: { type: 'string' } })),
    ],
  };
}

// A slow answer on a busy 2-core machine is still under a second; this only catches a stall.
const STALL_MS = 5000;
// Signing in again after a case that ended the session (logout, an accepted setting) costs a
// password hash, so the walk does it only when an answer says the session is gone.
const SESSION_LOST = new Set(['not_authenticated', 'mfa_enrolment_required', 'impersonation_error']);

describe('hostile input on every API route', () => {
  it('answers every case with a fast 4xx carrying {detail, code}, never a 5xx', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    // An administrator holding every permission, so most routes get as far as their input.
    await grant(adminDb, tenant.id, userId(tenant, email), PERMISSION_CODENAMES);
    const client = TestClient.forTenant(app, tenant.slug);
    expect((await client.signIn(email)).statusCode).toBe(200);

    const routes = app.routeAccess.filter((r) => r.method !== 'HEAD');
    const failures: string[] = [];
    const timings: { label: string; ms: number }[] = [];
    const statuses = new Map<number, number>();
    let cases = 0;
    const send = async (route: { method: string }, c: HostileCase) => {
      const started = performance.now();
      const response = await client.request({
        method: route.method as 'POST',
        url: c.url,
        headers: c.headers,
        // The walk's own address, so sign-in throttling of its login cases never locks the test out.
        remoteAddress: '203.0.113.7',
        ...(c.payload !== undefined && { payload: c.payload }),
      });
      return { response, ms: performance.now() - started };
    };

    for (const route of routes) {
      for (const c of hostileCases(route.method, route.url, schemasOf(route.method, route.url))) {
        cases++;
        let { response, ms } = await send(route, c);
        if (response.statusCode === 401 || SESSION_LOST.has(codeOf(response))) {
          expect((await client.signIn(email)).statusCode).toBe(200);
          ({ response, ms } = await send(route, c));
        }
        const label = `${route.method} ${route.url} ${c.name} -> ${response.statusCode}`;
        timings.push({ label, ms });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = judge(response, c, ms);
        if (problem) failures.push(`${label}: ${problem} ${response.body.slice(0, 200)}`);
      }
    }

    timings.sort((a, b) => b.ms - a.ms);
    console.info(
      `hostile-input walk: ${routes.length} routes, ${cases} cases; answers ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}; slowest:\n${timings
        .slice(0, 8)
        .map((t) => `  ${Math.round(t.ms)} ms ${t.label}`)
        .join('\n')}`,
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 600_000);
});

function codeOf(response: LightMyRequestResponse): string {
  try {
    return String((response.json() as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}

// Why an answer is wrong, or null when it is right.
function judge(response: LightMyRequestResponse, c: HostileCase, ms: number): string | null {
  if (response.statusCode >= 500) return 'a server error';
  if (ms > STALL_MS) return `took ${Math.round(ms)} ms`;
  if (response.statusCode < 400) return c.mustRefuse ? 'accepted' : null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'not JSON';
  }
  const { detail, code } = body as { detail?: unknown; code?: unknown };
  return typeof detail === 'string' && typeof code === 'string' ? null : 'no {detail, code}';
}
