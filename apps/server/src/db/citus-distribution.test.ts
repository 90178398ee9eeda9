import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb } from './database.js';

const db = createDb({ connectionString: inject('adminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => db.destroy());

// docs/operations.md, "Scaling out": the schema can be distributed by tenant_id on Citus. Citus
// requires that every primary key and unique constraint of a distributed table include its
// distribution column, and joins (foreign keys) between co-located tables go through it. This keeps
// every table that has a tenant_id true to that, so the Citus path stays open.
it('every tenant table is keyed by tenant_id first, and its unique keys and foreign keys carry it', async () => {
  const { rows } = await sql<{ table: string; kind: string; name: string; columns: string[] }>`
    select c.relname as table, k.contype as kind, k.conname as name,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where k.contype in ('p', 'u', 'f')
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
    order by 1, 3`.execute(db);
  const problems = rows.flatMap((row) => {
    if (row.kind === 'p' && row.columns[0] !== 'tenant_id')
      return [`${row.table}: primary key (${row.columns})`];
    if (row.kind !== 'p' && !row.columns.includes('tenant_id'))
      return [`${row.table}: ${row.name} (${row.columns})`];
    return [];
  });
  expect(rows.length).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});
