import { type Kysely, sql } from 'kysely';

// Issue 17, deep pages of a kind's list (page 500: offset 9,980). The page's offset walked the
// kind's newest live workflows through workflows_kind_created_idx and read each one's heap row to
// test visibility and the environment: 10,000 heap rows, 8,563 buffers, for 20 rows kept. This index
// holds the order and what that test reads (region_id, business_unit_id; Production and live in its
// predicate), so list.repository.ts pages deep lists as ids over it, index-only, and reads only the
// page's own rows (1,519 buffers, 18 -> 3 ms at 1M on a busy machine).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists workflows_kind_created_cover_idx
      on workflows (tenant_id, kind_id, created_at desc, id desc) include (region_id, business_unit_id)
      where archived_at is null and test_environment is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists workflows_kind_created_cover_idx`.execute(db);
}
