import type { Tx } from '../../platform/tenant-transaction.js';

export type KindRow = { id: string; tag: string; name: string; current_definition_id: string | null };

// Every kind of the tenant, in id order.
export function allKinds(tx: Tx, tenantId: string): Promise<KindRow[]> {
  return tx
    .selectFrom('workflow_kinds')
    .select(['id', 'tag', 'name', 'current_definition_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

// Every kind of the tenant with a current definition, in id order.
export async function kindIdsWithDefinition(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('workflow_kinds')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('current_definition_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
