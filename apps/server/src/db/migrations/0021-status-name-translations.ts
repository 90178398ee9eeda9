import { type Kysely, sql } from 'kysely';

// Issue 14: a status's name per language (locale code -> label), beside the name the tenant wrote,
// so that lists, pickers and reports can name it in the reader's language in SQL. Filled when a
// definition is published; definitions published before carried no translations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table workflow_statuses
      add column display_name_translations jsonb not null default '{}'
        check (jsonb_typeof(display_name_translations) = 'object');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workflow_statuses drop column display_name_translations;`.execute(db);
}
