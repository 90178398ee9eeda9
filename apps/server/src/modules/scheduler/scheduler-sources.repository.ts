import type { Tx } from '../../platform/tenant-transaction.js';

// The names a schedule's source refers to (null: gone, or another tenant's).
export const sourcesRepository = {
  async kindName(tx: Tx, tenantId: string, kindId: string): Promise<string | null> {
    const row = await tx
      .selectFrom('workflow_kinds')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', kindId)
      .executeTakeFirst();
    return row?.name ?? null;
  },

  async reportName(tx: Tx, tenantId: string, reportId: string): Promise<string | null> {
    const row = await tx
      .selectFrom('reports')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', reportId)
      .executeTakeFirst();
    return row?.name ?? null;
  },

  // The sending tenant's slug and brand, for the e-mail's link and title.
  tenant(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenants')
      .select(['slug', 'brand'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
  },
};
