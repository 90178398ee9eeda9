import type { Db } from '../../db/database.js';
import type { Tx } from '../tenant-transaction.js';

export type TenantRow = { id: string; slug: string; name: string; brand: string };

export const tenantsRepository = {
  // Read before any tenant is known, so on the pool itself rather than in a tenant transaction.
  findBySlug(db: Db, slug: string): Promise<TenantRow | undefined> {
    return db
      .selectFrom('tenants')
      .select(['id', 'slug', 'name', 'brand'])
      .where('slug', '=', slug)
      .executeTakeFirst();
  },

  // Every tenant, for the jobs that visit each one (given the owning role's pool).
  // `ordered`: in id order (the report subscription sweep visits tenants so).
  async allIds(db: Db, options: { ordered?: boolean } = {}): Promise<string[]> {
    const rows = await db
      .selectFrom('tenants')
      .select('id')
      .$if(options.ordered === true, (query) => query.orderBy('id'))
      .execute();
    return rows.map((r) => r.id);
  },

  async isInMaintenance(tx: Tx, tenantId: string): Promise<boolean> {
    const config = await tx
      .selectFrom('tenant_configurations')
      .select('is_maintenance_mode_enabled')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return config?.is_maintenance_mode_enabled ?? false;
  },
};
