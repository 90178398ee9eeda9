import type pg from 'pg';

// Building an index once over loaded rows is several times faster than updating it row by row, so
// the seed sets the workflow tables' secondary indexes aside while it copies and builds them again
// afterwards, from the definitions PostgreSQL itself gives (pg_get_indexdef): exactly the migrations'
// indexes, unique ones checked again as they are built. Primary keys and unique constraints stay.
// The definitions are kept in a table until rebuilt, so a run that stops halfway is repaired by the
// next one (restoreIndexes runs first in both the seed and the benchmark).

// `keep`: indexes that stay, because a trigger that runs during the copy looks rows up by them.
export async function setIndexesAside(
  client: pg.Client,
  tables: readonly string[],
  keep: readonly string[] = [],
): Promise<number> {
  await client.query(
    `create table if not exists bench_saved_indexes (name text primary key, def text not null)`,
  );
  const { rows } = await client.query<{ name: string }>(
    `insert into bench_saved_indexes (name, def)
     select ic.relname, pg_get_indexdef(i.indexrelid)
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class tc on tc.oid = i.indrelid
     join pg_namespace n on n.oid = tc.relnamespace
     where n.nspname = 'public' and tc.relname = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
       and ic.relname <> all($2)
     on conflict (name) do nothing
     returning name`,
    [tables, keep],
  );
  for (const { name } of rows) await client.query(`drop index if exists ${client.escapeIdentifier(name)}`);
  return rows.length;
}

export async function restoreIndexes(client: pg.Client, log: (message: string) => void): Promise<number> {
  const saved = await client.query<{ exists: boolean }>(
    `select to_regclass('bench_saved_indexes') is not null as exists`,
  );
  if (!saved.rows[0]?.exists) return 0;
  const { rows } = await client.query<{ name: string; def: string }>(
    `select name, def from bench_saved_indexes order by name`,
  );
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const { name, def } of rows) {
    const started = performance.now();
    const present = await client.query(`select 1 from pg_class where relname = $1 and relkind = 'i'`, [name]);
    if (present.rowCount === 0) await client.query(def);
    await client.query(`delete from bench_saved_indexes where name = $1`, [name]);
    log(`index ${name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query(`drop table bench_saved_indexes`);
  await client.query(`reset maintenance_work_mem`);
  return rows.length;
}
