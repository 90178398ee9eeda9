import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withTenant } from '../platform/tenant-transaction.js';
import { createTestApp, createTestTenant } from '../test/test-app.js';
import { createPool } from './database.js';
import type { Database } from './schema.js';
import { tenantBeginDialect } from './tenant-begin.js';

// A tenant transaction begun with its tenant in one round trip (issue 17), on a pool whose
// statements are recorded; row-level security still holds (platform/tenancy/row-level-security.test.ts).
const { adminDb } = await createTestApp();
const statements: string[] = [];
const pool = createPool({ connectionString: inject('appUrl'), max: 4, onPoolError: () => {} });
const db = new Kysely<Database>({
  dialect: tenantBeginDialect(new PostgresDialect({ pool })),
  log: (event) => {
    if (event.level === 'query') statements.push(event.query.sql);
  },
});
afterAll(() => db.destroy());

const tenantOf = (tx: Kysely<Database>) =>
  sql<{ t: string }>`select current_setting('app.tenant_id', true) as t`.execute(tx);

describe('a tenant transaction', () => {
  it('begins and sets its tenant in one statement, and reads only that tenant', async () => {
    const a = await createTestTenant(adminDb);
    statements.length = 0;
    const users = await withTenant(db, a.id, async (tx) => {
      expect((await tenantOf(tx)).rows[0]?.t).toBe(a.id);
      return tx.selectFrom('users').select('tenant_id').execute();
    });
    expect(statements[0]).toBe(`begin; select set_config('app.tenant_id', '${a.id}', true)`);
    expect(statements).toHaveLength(4);
    expect(statements.at(-1)).toBe('commit');
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.tenant_id === a.id)).toBe(true);
  });

  it('keeps each of concurrent and nested transactions to its own tenant', async () => {
    const [a, b] = await Promise.all([createTestTenant(adminDb), createTestTenant(adminDb)]);
    const seen = await Promise.all(
      [a.id, b.id].map((id) =>
        withTenant(db, id, async (tx) => {
          const inner = await withTenant(
            db,
            id === a.id ? b.id : a.id,
            async (t2) => (await tenantOf(t2)).rows[0]?.t,
          );
          return [id, (await tenantOf(tx)).rows[0]?.t, inner];
        }),
      ),
    );
    expect(seen).toEqual([
      [a.id, a.id, b.id],
      [b.id, b.id, a.id],
    ]);
  });

  it('sets a tenant id that is not all digits by a parameter, in a statement of its own', async () => {
    statements.length = 0;
    const t = await withTenant(db, "1' or '1", async (tx) => (await tenantOf(tx)).rows[0]?.t);
    expect(t).toBe("1' or '1");
    expect(statements.slice(0, 2)).toEqual(['begin', "select set_config('app.tenant_id', $1, true)"]);
  });

  it('leaves a transaction begun outside withTenant without a tenant, and the next one clean', async () => {
    const a = await createTestTenant(adminDb);
    await withTenant(db, a.id, async () => {});
    statements.length = 0;
    const [t, users] = await db
      .transaction()
      .execute(async (tx) => [
        (await tenantOf(tx)).rows[0]?.t ?? '',
        await tx.selectFrom('users').select('id').execute(),
      ]);
    expect(statements[0]).toBe('begin');
    expect(t).toBe('');
    expect(users).toEqual([]);
  });
});
