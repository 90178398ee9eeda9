import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// Every statement names the tenant: the purge runs as the owning role, past row-level security.

// Deletes the tenant's attachments older than `retentionDays` that no version of any answer names,
// and answers the storage keys of their files.
export async function deleteUnusedUploads(
  tx: Tx,
  tenantId: string,
  retentionDays: number,
): Promise<string[]> {
  const deleted = await sql<{ storage_key: string }>`
        delete from attachments a
        where a.tenant_id = ${tenantId}
          and a.created_at < now() - make_interval(days => ${retentionDays})
          and not exists (
            select 1 from workflow_responses r
            where r.tenant_id = a.tenant_id and r.workflow_id = a.workflow_id and r.field_tag = a.field_tag
              and (r.value @> jsonb_build_object('id', a.id)
                or r.value @> jsonb_build_array(jsonb_build_object('id', a.id)))
          )
        returning a.storage_key
      `.execute(tx);
  return deleted.rows.map((r) => r.storage_key);
}

// Of these storage keys, those some remaining attachment of the tenant still names.
export async function storageKeysInUse(
  tx: Tx,
  tenantId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const shared = await tx
    .selectFrom('attachments')
    .select('storage_key')
    .where('tenant_id', '=', tenantId)
    .where('storage_key', 'in', [...keys])
    .execute();
  return new Set(shared.map((r) => r.storage_key));
}
