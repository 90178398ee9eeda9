import type { FieldDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { ExportLookups } from './cell-values.js';
import { tenantBusinessUnits, tenantPeople, tenantRegions } from './export-lookups.repository.js';

const byId = (rows: readonly { id: string; name: string }[]) => {
  const names = new Map(rows.map((row) => [Number(row.id), row.name]));
  return (id: number) => names.get(id);
};

// The names answers may point to, read once per export. Only the kinds of names the exported fields
// use are read: a tenant's regions and units are few, its users may be many.
export async function loadExportLookups(
  tx: Tx,
  tenantId: string,
  fields: readonly FieldDefinition[],
): Promise<ExportLookups> {
  const uses = (type: FieldDefinition['type']) => fields.some((field) => field.type === type);
  const [regions, units, users] = await Promise.all([
    uses('region') ? tenantRegions(tx, tenantId) : [],
    uses('business_unit') ? tenantBusinessUnits(tx, tenantId) : [],
    uses('owner') ? tenantPeople(tx, tenantId) : [],
  ]);
  return {
    region: byId(regions),
    businessUnit: byId(units),
    user: byId(
      users.map((u) => ({
        id: u.id,
        name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
      })),
    ),
  };
}
