import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';

// The bench cluster runs with the PostgreSQL settings the peer benchmark (../shared/peer-directus,
// README "Versions and machine") gave Directus's database, so a side-by-side run compares the two
// products and not two configurations. Written with ALTER SYSTEM (kept in the cluster's
// postgresql.auto.conf); shared_buffers and max_connections take effect at the cluster's next start.
export const PEER_SETTINGS: Record<string, string> = {
  shared_buffers: '1GB',
  work_mem: '16MB',
  effective_cache_size: '8GB',
  random_page_cost: '1.1',
  max_connections: '200',
  maintenance_work_mem: '512MB',
  max_wal_size: '4GB',
};

// Returns the settings still waiting for a restart (empty when the running server has them all).
export async function alignWithPeerSettings(adminDb: Db): Promise<string[]> {
  for (const [name, value] of Object.entries(PEER_SETTINGS)) {
    await sql`alter system set ${sql.raw(name)} = ${sql.lit(value)}`.execute(adminDb);
  }
  await sql`select pg_reload_conf()`.execute(adminDb);
  const { rows } = await sql<{ name: string }>`
    select name from pg_settings where name = any(${Object.keys(PEER_SETTINGS)}) and pending_restart
  `.execute(adminDb);
  return rows.map((r) => r.name);
}
