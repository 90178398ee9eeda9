import type { Tx } from '../../platform/tenant-transaction.js';

export type KindWithDefinitionRow = { id: string; tag: string; name: string; current_definition_id: string };

// The given kinds (of the transaction's tenant) that have a current definition, in id order.
export async function kindsWithDefinition(
  tx: Tx,
  kindIds: readonly string[],
): Promise<KindWithDefinitionRow[]> {
  const rows = await tx
    .selectFrom('workflow_kinds')
    .select(['id', 'tag', 'name', 'current_definition_id'])
    .where('id', 'in', [...kindIds])
    .where('current_definition_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows as KindWithDefinitionRow[];
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

export async function kindIdsByTag(tx: Tx, tags: readonly string[]): Promise<string[]> {
  const rows = await tx
    .selectFrom('workflow_kinds')
    .select('id')
    .where('tag', 'in', [...tags])
    .execute();
  return rows.map((row) => row.id);
}
