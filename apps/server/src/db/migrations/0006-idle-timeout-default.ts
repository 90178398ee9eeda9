import { type Kysely, sql } from 'kysely';

// ASVS 3.3.2 level 2: sessions end after at most 30 minutes without activity. Tenants still on the
// earlier default of 60 never chose it, so they move to the new default too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenant_configurations alter column session_idle_minutes set default 30;
    update tenant_configurations set session_idle_minutes = 30 where session_idle_minutes = 60;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenant_configurations alter column session_idle_minutes set default 60`.execute(db);
}
