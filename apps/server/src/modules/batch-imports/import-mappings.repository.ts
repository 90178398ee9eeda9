import type { BatchImportTarget } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { SavedColumn } from './suggest-mapping.js';

type Owner = { target: BatchImportTarget; objectTypeId: string | null; kindId: string | null };

// batch_import_mappings: named mappings kept by header, for the next file of the same type.
export const importMappingsRepository = {
  // The newest saved mapping of the type, for suggestMapping.
  latest: async (tx: Tx, owner: Owner): Promise<SavedColumn[]> => {
    let query = tx
      .selectFrom('batch_import_mappings')
      .select('columns')
      .where('target', '=', owner.target)
      .orderBy('id', 'desc')
      .limit(1);
    query = owner.objectTypeId
      ? query.where('object_type_id', '=', owner.objectTypeId)
      : query.where('kind_id', '=', owner.kindId ?? '0');
    const row = await query.executeTakeFirst();
    return (row?.columns as SavedColumn[] | undefined) ?? [];
  },

  // Saved under its name: saving the same name again replaces its columns.
  save: async (
    tx: Tx,
    row: Owner & { tenantId: string; name: string; createdBy: string; columns: SavedColumn[] },
  ): Promise<string> => {
    const existing = await tx
      .selectFrom('batch_import_mappings')
      .select('id')
      .where('target', '=', row.target)
      .where('name', '=', row.name)
      .where((eb) =>
        row.objectTypeId
          ? eb('object_type_id', '=', row.objectTypeId)
          : eb('kind_id', '=', row.kindId ?? '0'),
      )
      .executeTakeFirst();
    if (existing) {
      await tx
        .updateTable('batch_import_mappings')
        .set({ columns: JSON.stringify(row.columns), created_by: row.createdBy })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const inserted = await tx
      .insertInto('batch_import_mappings')
      .values({
        tenant_id: row.tenantId,
        name: row.name,
        target: row.target,
        object_type_id: row.objectTypeId,
        kind_id: row.kindId,
        columns: JSON.stringify(row.columns),
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },
};
