import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/database.js';
import { BENCH_TENANT_SLUG, BENCH_USER_EMAIL } from '../bench-database.js';
import { createBenchTenant } from './bench-tenant.js';

export type BenchTenantIds = { tenantId: string; userId: string; created: boolean };

// The bench tenant of the 1M seed (bench-tenant.ts), made here when absent so the records and batch
// job benchmarks need not wait for `npm run bench:seed`. That seed skips a tenant that exists: run it
// first when the same database should also hold the million workflows.
export async function ensureBenchTenant(adminDb: Db, client: pg.Client): Promise<BenchTenantIds> {
  const { rows } = await client.query<{ tenant_id: string; user_id: string }>(
    `select t.id as tenant_id, u.id as user_id from tenants t
     join users u on u.tenant_id = t.id and u.email = $2 where t.slug = $1`,
    [BENCH_TENANT_SLUG, BENCH_USER_EMAIL],
  );
  const found = rows[0];
  if (found) return { tenantId: found.tenant_id, userId: found.user_id, created: false };
  const tenant = await createBenchTenant(adminDb);
  return { tenantId: tenant.tenantId, userId: tenant.userId, created: true };
}
