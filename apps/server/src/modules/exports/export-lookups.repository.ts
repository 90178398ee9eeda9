import type { Tx } from '../../platform/tenant-transaction.js';

// Every statement names the tenant: the job may run as a role row-level security does not bind.

export type ExportKindRow = { id: string; name: string };

export function findKind(tx: Tx, tenantId: string, kindId: string): Promise<ExportKindRow | undefined> {
  return tx
    .selectFrom('workflow_kinds')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', kindId)
    .executeTakeFirst();
}

// The kind's current definition, if it has one (and the kind still exists).
export async function currentDefinitionIdOf(
  tx: Tx,
  tenantId: string,
  kindId: string,
): Promise<string | null> {
  const kind = await tx
    .selectFrom('workflow_kinds')
    .select('current_definition_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', kindId)
    .executeTakeFirst();
  return kind?.current_definition_id ?? null;
}

export type NameRow = { id: string; name: string };

export function tenantRegions(tx: Tx, tenantId: string): Promise<NameRow[]> {
  return tx.selectFrom('regions').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
}

export function tenantBusinessUnits(tx: Tx, tenantId: string): Promise<NameRow[]> {
  return tx.selectFrom('business_units').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
}

export type PersonRow = { id: string; first_name: string; last_name: string; email: string };

export function tenantPeople(tx: Tx, tenantId: string): Promise<PersonRow[]> {
  return tx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('tenant_id', '=', tenantId)
    .execute();
}
