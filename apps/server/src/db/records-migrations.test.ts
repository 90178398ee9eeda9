import { randomUUID } from 'node:crypto';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationProvider } from './migrations/index.js';

// Issue 18's migrations (0034 records, 0035 batch imports, 0036 batch updates) go down and up again
// and leave the schema exactly as they found it each way. A database of this file's own on the test
// server: going down drops tables that other test files use.
const BEFORE_RECORDS = '0033-deep-page-index';
const databaseName = `attest_migrations_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const serverUrl = new URL(inject('adminUrl'));
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

const server = new pg.Client({ connectionString: serverUrl.toString() });
await server.connect();
await server.query(`create database ${databaseName}`);
const db = createDb({ connectionString: databaseUrl, max: 1, onPoolError: () => {} }) as Kysely<unknown>;

afterAll(async () => {
  await db.destroy();
  await server.query(`drop database if exists ${databaseName} with (force)`);
  await server.end();
});

const migrateTo = async (name: string) => {
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateTo(name);
  expect(results?.filter((r) => r.status !== 'Success') ?? []).toEqual([]);
  if (error) throw error;
};

// Everything a migration may create or change in the public schema, as sorted text lines.
async function schemaSnapshot(): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || udt_name || ' ' || is_nullable
      || ' ' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = 'public'
    union all
    select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'policy ' || tablename || ' ' || policyname || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '')
    from pg_policies where schemaname = 'public'
    union all
    select 'rls ' || relname || ' ' || relrowsecurity || ' ' || relforcerowsecurity
    from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
    union all
    select 'function ' || proname || '(' || pg_get_function_identity_arguments(oid) || ') ' || prosecdef
      || ' ' || coalesce(array_to_string(proacl, ','), '')
    from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
    from pg_trigger where not tgisinternal
    union all
    select 'statistics ' || stxname from pg_statistic_ext where stxnamespace = 'public'::regnamespace
    order by 1`.execute(db);
  return rows.map((r) => r.line);
}

it('0034-0036 go down and up cleanly, each way leaving the schema as it was', async () => {
  await migrateTo(BEFORE_RECORDS);
  const before = await schemaSnapshot();
  expect(before.some((line) => line.startsWith('column records.'))).toBe(false);

  await migrateToLatest(db);
  const after = await schemaSnapshot();
  for (const table of [
    'records',
    'record_keys',
    'workflow_record_links',
    'batch_import_rows',
    'batch_update_items',
  ]) {
    expect(after).toContain(`rls ${table} true true`);
  }
  expect(after).toContain('column threads.record_id int8 YES ');

  // A record with a comment thread, as a tenant would have it: going down removes it with the tables.
  await sql`
    with t as (insert into tenants (slug, name) values ('down-up', 'Down and up') returning id),
    r as (insert into regions (tenant_id, name) select id, 'North' from t returning tenant_id),
    o as (insert into object_types (tenant_id, tag, name) select tenant_id, 'supplier', 'Supplier' from r
      returning tenant_id, id),
    v as (insert into object_type_versions (tenant_id, object_type_id, version, definition)
      select tenant_id, id, 1, '{}' from o returning tenant_id, object_type_id, id),
    rec as (insert into records (tenant_id, object_type_id, version_id, title)
      select tenant_id, object_type_id, id, 'Acme Ltd' from v returning tenant_id, id)
    insert into threads (tenant_id, record_id) select tenant_id, id from rec`.execute(db);

  await migrateTo(BEFORE_RECORDS);
  expect(await schemaSnapshot()).toEqual(before);

  await migrateToLatest(db);
  expect(await schemaSnapshot()).toEqual(after);
});
