import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withTenant } from '../platform/tenant-transaction.js';
import { createTestApp, createTestTenant } from '../test/test-app.js';
import { createDb } from './database.js';
import { PREPARED } from './prepared-statements.js';

// A statement marked PREPARED is a named prepared statement of its connection, prepared once and
// run with each call's own values; an unmarked one is not prepared; row-level security still holds.
const { adminDb } = await createTestApp();
// One connection, so every statement below meets the same session's prepared statements.
const db = createDb({ connectionString: inject('appUrl'), max: 1, onPoolError: () => {} });
afterAll(() => db.destroy());

const preparedHere = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`select name, statement from pg_prepared_statements`.execute(tx)
  ).rows;

describe('prepared statements', () => {
  it('prepares a marked statement once per connection and binds each run its own values', async () => {
    const [a, b] = await Promise.all([createTestTenant(adminDb), createTestTenant(adminDb)]);
    const emailsOf = (tenantId: string, prefix: string) =>
      withTenant(db, tenantId, async (tx) => {
        const rows = await tx
          .selectFrom('users')
          .modifyFront(PREPARED)
          .select('email')
          .where(sql<boolean>`email like ${`${prefix}%`}`)
          .orderBy('email')
          .execute();
        return { emails: rows.map((r) => r.email), prepared: await preparedHere(tx) };
      });
    const first = await emailsOf(a.id, 'admin@');
    const again = await emailsOf(a.id, 'member@');
    const other = await emailsOf(b.id, 'admin@');

    expect(first.emails).toEqual([`admin@${a.slug}.test`]);
    expect(again.emails).toEqual([`member@${a.slug}.test`]);
    // The same statement in another tenant's transaction reads that tenant's rows only.
    expect(other.emails).toEqual([`admin@${b.slug}.test`]);
    const ours = other.prepared.filter((p) => p.statement.includes('/* prepared */'));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.name).toMatch(/^attest_[0-9a-f]{20}$/);
  });

  it('leaves an unmarked statement unprepared', async () => {
    const a = await createTestTenant(adminDb);
    const prepared = await withTenant(db, a.id, async (tx) => {
      await tx.selectFrom('regions').select('name').where('name', '=', 'unmarked-probe').execute();
      return preparedHere(tx);
    });
    expect(
      prepared.some((p) => p.statement.includes('unmarked-probe') || p.statement.includes('"regions"')),
    ).toBe(false);
  });
});
