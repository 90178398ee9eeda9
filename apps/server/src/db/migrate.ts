import { type Kysely, Migrator, sql } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // One migrator at a time across API processes: Kysely takes its own lock table. Migrations are
  // independent numbered steps; one written beside another may land after a higher number has run
  // somewhere (a shared benchmark database, a branch deployed to staging), and still runs there.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

// The application connects as a plain role: not the tables' owner and without BYPASSRLS, so forced
// row-level security applies to every query it makes (ARCHITECTURE.md, Tenancy).
export async function ensureAppRole(db: Kysely<unknown>, role: string, password: string): Promise<void> {
  const exists = await sql<{ exists: boolean }>`
    select exists (select 1 from pg_roles where rolname = ${role}) as exists
  `.execute(db);
  const ident = sql.id(role);
  if (!exists.rows[0]?.exists) {
    await sql`create role ${ident} login nosuperuser nobypassrls nocreatedb nocreaterole`.execute(db);
  }
  await sql`alter role ${ident} with login nosuperuser nobypassrls password ${sql.lit(password)}`.execute(db);
  await grantAppRole(db, role);
}

export async function grantAppRole(db: Kysely<unknown>, role: string): Promise<void> {
  const ident = sql.id(role);
  await sql`grant usage on schema public to ${ident}`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema public to ${ident}`.execute(db);
  await sql`grant usage, select on all sequences in schema public to ${ident}`.execute(db);
  // Functions the migrations revoke from PUBLIC (search_workflow_matches, migration 0026).
  await sql`grant execute on all functions in schema public to ${ident}`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from ${ident}`.execute(db);
  // Tenants are looked up by host before a tenant is known; the app may read them, never change them.
  await sql`revoke insert, update, delete on tenants from ${ident}`.execute(db);
}
