import { DASHBOARD_PATHS } from '@attest/shared';
import { Kysely, PostgresDialect, sql } from 'kysely';
import Cursor from 'pg-cursor';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, createPool } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { tenantBeginDialect } from '../../db/tenant-begin.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createServices } from '../../services.js';
import { localCaptchaVerifier } from '../../test/local-captcha.js';
import type { TestClient } from '../../test/test-app.js';
import { publishAll } from '../../test/workflow-fixtures.js';
import {
  type DashboardTestTenant,
  dashboardTestTenant,
  LAB,
  labDefinition,
} from '../../test/workflow-list-fixtures.js';
import { COUNT_ESTIMATE_TTL_MS } from './count-estimates.js';
import { countVisibleMatches } from './counts.repository.js';

// Every statement is a round trip with its own share of CPU (issue 17): a warm list request, with its
// session and kinds cached, makes a handful. The API runs with its caches on, as in production, on a
// pool whose statements are recorded.
const statements: string[] = [];
let recording = false;
const pool = createPool({ connectionString: inject('appUrl'), max: 5, onPoolError: () => {} });
const db = new Kysely<Database>({
  dialect: tenantBeginDialect(new PostgresDialect({ pool, cursor: Cursor })),
  log: (event) => {
    if (recording && event.level === 'query') statements.push(event.query.sql.replace(/\s+/g, ' ').trim());
  },
});
const adminDb = createDb({ connectionString: inject('adminUrl'), max: 2, onPoolError: () => {} });
const config = loadConfig({ LOG_LEVEL: 'silent' });
const services = createServices(config, { db, adminDb }, null, {
  log: () => {},
  captchaVerifier: localCaptchaVerifier,
});
const app = await buildApp({ services, logger: false });
afterAll(async () => {
  await app.close();
  await db.destroy();
  await adminDb.destroy();
});

let t: DashboardTestTenant;
let member: TestClient;

beforeAll(async () => {
  t = await dashboardTestTenant(app, adminDb);
  member = await t.signedIn('member');
});

async function statementsOf(path: string): Promise<string[]> {
  expect((await member.get(path)).statusCode).toBe(200);
  statements.length = 0;
  recording = true;
  try {
    expect((await member.get(path)).statusCode).toBe(200);
  } finally {
    recording = false;
  }
  return [...statements];
}

describe('the statements of a warm list request', () => {
  it('reads the first page in one transaction: the page, its count and its details', async () => {
    const made = await statementsOf(`${DASHBOARD_PATHS.workflows}?page=1`);
    expect(made[0]).toBe(`begin; select set_config('app.tenant_id', '${t.id}', true)`);
    expect(made.at(-1)).toBe('commit');
    expect(made.filter((s) => s.startsWith('begin'))).toHaveLength(1);
    expect(made.length, made.join('\n')).toBeLessThanOrEqual(6);
  });

  it('reads a kind view with the kind from memory', async () => {
    const made = await statementsOf(`${DASHBOARD_PATHS.workflows}?kind_id=${t.kinds.lab}&page=1`);
    expect(made.filter((s) => s.startsWith('begin'))).toHaveLength(1);
    expect(made.length, made.join('\n')).toBeLessThanOrEqual(6);
  });
});

describe('the kinds kept in memory', () => {
  it('are read afresh once a new version is published', async () => {
    const extra = `${LAB.form}__extra`;
    const filtered = `${DASHBOARD_PATHS.workflows}?${new URLSearchParams({
      kind_id: String(t.kinds.lab),
      advanced_filters: JSON.stringify({
        compareType: 'AND',
        conditions: [{ field: `field__${extra}`, operator: 'is_set' }],
        groups: [],
      }),
    })}`;
    expect((await member.get(filtered)).statusCode).toBe(400);

    const definition = labDefinition(`member@${t.slug}.test`);
    const form = definition.step_groups[0]?.steps[0];
    form?.fields.push({ tag: extra, type: 'char_field', label: 'Extra' });
    await publishAll(adminDb, t.id, [{ ...definition, version: 2 }]);
    expect((await member.get(filtered)).statusCode).toBe(200);
  });
});

describe("the list count's estimate kept for a few seconds", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // The member's visible workflows with a limit of `exactLimit`, and the statements it made.
  async function count(exactLimit: number, where = sql<boolean>`true`) {
    statements.length = 0;
    recording = true;
    try {
      const scope = { tenantId: t.id, userId: String(t.users.member), where };
      const counted = await withTenant(db, t.id, (tx) => countVisibleMatches(tx, scope, exactLimit));
      return { counted, explains: statements.filter((s) => s.startsWith('explain')).length };
    } finally {
      recording = false;
    }
  }

  it('asks the planner once for an estimate, again once COUNT_ESTIMATE_TTL_MS has passed', async () => {
    // Above a limit of 1, the member's workflows are an estimate.
    const first = await count(1);
    expect(first.counted.estimate).toBe(true);
    expect(first.explains).toBe(1);
    const again = await count(1);
    expect(again).toEqual({ counted: first.counted, explains: 0 });
    // Another filter is another estimate.
    expect((await count(1, sql<boolean>`w.archived_at is null`)).explains).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + COUNT_ESTIMATE_TTL_MS + 1 });
    expect((await count(1)).explains).toBe(1);
  });

  it('never keeps an exact count: it is made each time, its EXPLAIN once within the TTL', async () => {
    const live = sql<boolean>`w.archived_at is null`;
    const first = await count(10_000, live);
    expect(first.counted.estimate).toBe(false);
    expect(first.explains).toBe(1);
    // One workflow archived: the next count, made without the planner, sees it gone.
    const alpha = String(t.workflows.alpha);
    await withTenant(adminDb, t.id, (tx) =>
      sql`update workflows set archived_at = now() where id = ${alpha}`.execute(tx),
    );
    try {
      const again = await count(10_000, live);
      expect(again).toEqual({ counted: { count: first.counted.count - 1, estimate: false }, explains: 0 });
      expect(statements.some((s) => s.includes('count(*)'))).toBe(true);
    } finally {
      await withTenant(adminDb, t.id, (tx) =>
        sql`update workflows set archived_at = null where id = ${alpha}`.execute(tx),
      );
    }
    expect((await count(10_000, live)).counted).toEqual(first.counted);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + COUNT_ESTIMATE_TTL_MS + 1 });
    expect((await count(10_000, live)).explains).toBe(1);
  });
});
