import { type Kysely, sql } from 'kysely';

// Issue 14: a person's dashboard columns (which show, in what order) are kept per user and per
// workflow kind, as one more kind of user preference: its name is the kind's id ('all' for the list
// of every kind), its value the ordered column ids.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_preferences drop constraint user_preferences_kind_check;
    alter table user_preferences add constraint user_preferences_kind_check
      check (kind in ('favorite_reports', 'pinned_workflows', 'saved_filters', 'dashboard_columns'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from user_preferences where kind = 'dashboard_columns';
    alter table user_preferences drop constraint user_preferences_kind_check;
    alter table user_preferences add constraint user_preferences_kind_check
      check (kind in ('favorite_reports', 'pinned_workflows', 'saved_filters'));
  `.execute(db);
}
