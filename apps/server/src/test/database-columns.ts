import { type Kysely, sql } from 'kysely';

// What the migrated database has: each table's columns, the TypeScript kind node-pg reads it as, and
// whether it may be null. `json` means any type (a jsonb column holds whatever JSON schema.ts says).
export type DatabaseColumn = { pgType: string; kind: string; nullable: boolean };
export type DatabaseTables = Map<string, Map<string, DatabaseColumn>>;

// node-pg's defaults (apps/server/src/db/database.ts installs no type parser): bigint and numeric as
// strings (no precision loss), timestamps and dates as Date, bytea as Buffer, arrays element-wise.
const KIND_BY_PG_TYPE: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  time: 'string',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  int8: 'string',
  numeric: 'string',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  bytea: 'Buffer',
  json: 'json',
  jsonb: 'json',
};

// Kysely's own bookkeeping tables are not the app's.
const NOT_APP_TABLES = ['kysely_migration', 'kysely_migration_lock'];

type ColumnRow = {
  table_name: string;
  column_name: string;
  is_nullable: string;
  data_type: string;
  udt_name: string;
};

export const readDatabaseTables = async (db: Kysely<unknown>): Promise<DatabaseTables> => {
  const { rows } = await sql<ColumnRow>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables: DatabaseTables = new Map();
  for (const row of rows) {
    if (NOT_APP_TABLES.includes(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map<string, DatabaseColumn>();
    columns.set(row.column_name, {
      pgType: row.udt_name,
      kind: kindOf(row),
      nullable: row.is_nullable === 'YES',
    });
    tables.set(row.table_name, columns);
  }
  return tables;
};

const kindOf = (row: ColumnRow): string => {
  // Enum types read as strings; arrays (udt `_text`) as arrays of their element's kind.
  if (row.data_type === 'USER-DEFINED') return 'string';
  const isArray = row.data_type === 'ARRAY';
  const element = KIND_BY_PG_TYPE[isArray ? row.udt_name.slice(1) : row.udt_name];
  if (!element) return `unmapped PostgreSQL type ${row.udt_name}`;
  return isArray ? `${element}[]` : element;
};
