import { type Kysely, sql } from 'kysely';

// Issue 5, found by the 1M-workflow benchmark: under row-level security PostgreSQL uses a condition
// as an index condition only when its operator's functions are LEAKPROOF. numeric's comparisons are
// not, so a range on an answer's number read every answer of the field (1.3 s at 1M workflows);
// float8's are, and the plan becomes one index probe per listed workflow (about 10 ms). Answers are
// JavaScript numbers (IEEE doubles) already, so double precision stores exactly what the engine
// validated. The column's indexes are rebuilt with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workflow_responses alter column number_value type double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workflow_responses alter column number_value type numeric`.execute(db);
}
