import { type Kysely, sql } from 'kysely';

// Issue 3, administration: the users list searches e-mail and names by substring, which a b-tree
// cannot serve; a trigram index can. The audit trail is filtered by action family and by person.
// pg_trgm is a trusted extension: a database owner may create it without being a superuser.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create index users_search_idx on users
      using gin ((lower(email || ' ' || first_name || ' ' || last_name)) gin_trgm_ops);
    create index audit_events_action_idx on audit_events (tenant_id, action text_pattern_ops, created_at desc);
    create index audit_events_actor_idx on audit_events (tenant_id, actor_user_id, created_at desc);
    create index audit_events_target_idx on audit_events (tenant_id, target_user_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index audit_events_target_idx, audit_events_actor_idx, audit_events_action_idx, users_search_idx;
  `.execute(db);
}
