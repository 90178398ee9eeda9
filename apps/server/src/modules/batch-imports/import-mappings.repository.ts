import type { BatchImportTarget } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { SavedColumn } from './suggest-mapping.js';

type Owner = { target: BatchImportTarget; objectTypeId: string | null; kindId: string | null };

function ofOwner(tx: Tx, owner: Owner) {
  const query = tx.selectFrom('batch_import_mappings as m').where('m.target', '=', owner.target);
  return owner.objectTypeId
    ? query.where('m.object_type_id', '=', owner.objectTypeId)
    : query.where('m.kind_id', '=', owner.kindId ?? '0');
}

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

  // A type's saved mappings by name, for the map step's picker.
  page: async (tx: Tx, owner: Owner, page: { limit: number; offset: number }) => {
    const counted = await ofOwner(tx, owner)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const results = await ofOwner(tx, owner)
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .select([
        'm.id',
        'm.name',
        'm.target',
        'm.object_type_id',
        'm.kind_id',
        'm.columns',
        'm.created_by',
        'm.created_at',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'u.email as creator_email',
      ])
      .orderBy('m.name')
      .orderBy('m.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { results, count: Number(counted.n) };
  },

  // Imports that used it keep their own copy of the columns (mapping_id is set null).
  delete: async (tx: Tx, id: string): Promise<boolean> => {
    const deleted = await tx.deleteFrom('batch_import_mappings').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  },
};
