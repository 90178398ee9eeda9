import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant } from '../../test/test-app.js';
import { withTenant } from '../tenant-transaction.js';

const { db, adminDb } = await createTestApp();

// These queries deliberately have no tenant filter: isolation must come from the database itself.
describe('row-level security through the application role', () => {
  it("reads only the current tenant's rows, even without a where clause", async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    const emails = await withTenant(db, a.id, (tx) =>
      tx.selectFrom('users').select(['email', 'tenant_id']).execute(),
    );
    expect(emails.length).toBe(3);
    expect(new Set(emails.map((u) => u.tenant_id))).toEqual(new Set([a.id]));
    const groups = await withTenant(db, b.id, (tx) => tx.selectFrom('groups').select('tenant_id').execute());
    expect(groups.every((g) => g.tenant_id === b.id)).toBe(true);
  });

  it('reads nothing at all when no tenant is set', async () => {
    await createTestTenant(adminDb);
    const users = await db.selectFrom('users').select('id').execute();
    const sessions = await db.selectFrom('sessions').select('id').execute();
    expect(users).toEqual([]);
    expect(sessions).toEqual([]);
  });

  it("refuses to write a row into another tenant's data", async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    const attempt = withTenant(db, a.id, (tx) =>
      tx.insertInto('regions').values({ tenant_id: b.id, name: 'Smuggled' }).execute(),
    );
    await expect(attempt).rejects.toThrow(/row-level security/);
  });

  it("cannot update or delete another tenant's rows", async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    const updated = await withTenant(db, a.id, (tx) =>
      tx.updateTable('users').set({ first_name: 'Hacked' }).where('tenant_id', '=', b.id).executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
    const deleted = await withTenant(db, a.id, (tx) =>
      tx.deleteFrom('users').where('tenant_id', '=', b.id).executeTakeFirst(),
    );
    expect(deleted.numDeletedRows).toBe(0n);
    const intact = await adminDb
      .selectFrom('users')
      .select('first_name')
      .where('tenant_id', '=', b.id)
      .execute();
    expect(intact.map((u) => u.first_name)).not.toContain('Hacked');
  });

  it('does not carry the tenant setting to the next transaction on a pooled connection', async () => {
    const a = await createTestTenant(adminDb);
    await withTenant(db, a.id, async () => {});
    const setting = await sql<{
      value: string | null;
    }>`select current_setting('app.tenant_id', true) as value`.execute(db);
    expect(setting.rows[0]?.value ?? '').toBe('');
  });

  it('connects as a role that neither owns the tables nor bypasses row-level security', async () => {
    const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owns: boolean }>`
      select r.rolsuper, r.rolbypassrls,
        exists (select 1 from pg_tables where tableowner = current_user and schemaname = 'public') as owns
      from pg_roles r where r.rolname = current_user
    `.execute(db);
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owns: false });
  });

  it('may read tenants but never change them', async () => {
    const a = await createTestTenant(adminDb);
    const attempt = db.updateTable('tenants').set({ name: 'Renamed' }).where('id', '=', a.id).execute();
    await expect(attempt).rejects.toThrow(/permission denied/);
  });
});
