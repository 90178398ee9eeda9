import type { RecordActivityAction, RecordFieldChange } from '@attest/shared';
import type { Insertable } from 'kysely';
import type { RecordKeysTable, RecordValuesTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { NewRecordRow } from './records.repository.js';

// The records a batch import writes (plan §4.4) and undoes (§4.5). A record carries its import and
// row: records_import_row_idx is the backstop that a repeated batch never writes one twice.
export const importedRecordsRepository = {
  // undefined when the row's record exists already (a slow worker's earlier commit).
  insert: (tx: Tx, row: NewRecordRow & { importId: string; importRow: number }) =>
    tx
      .insertInto('records')
      .values({
        tenant_id: row.tenantId,
        object_type_id: row.objectTypeId,
        version_id: row.versionId,
        title: row.title,
        data: JSON.stringify(row.data),
        region_id: row.regionId,
        business_unit_id: row.businessUnitId,
        created_by: row.userId,
        updated_by: row.userId,
        import_id: row.importId,
        import_row: row.importRow,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'import_id', 'import_row']).where('import_id', 'is not', null).doNothing(),
      )
      .returning(['id', 'revision'])
      .executeTakeFirst(),

  // Many rows' records in one statement; those an earlier attempt wrote are skipped. Answers the
  // new ones by import row.
  insertMany: async (tx: Tx, rows: readonly (NewRecordRow & { importId: string; importRow: number })[]) => {
    if (rows.length === 0) return [];
    return tx
      .insertInto('records')
      .values(
        rows.map((row) => ({
          tenant_id: row.tenantId,
          object_type_id: row.objectTypeId,
          version_id: row.versionId,
          title: row.title,
          data: JSON.stringify(row.data),
          region_id: row.regionId,
          business_unit_id: row.businessUnitId,
          created_by: row.userId,
          updated_by: row.userId,
          import_id: row.importId,
          import_row: row.importRow,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'import_id', 'import_row']).where('import_id', 'is not', null).doNothing(),
      )
      .returning(['id', 'revision', 'import_row'])
      .execute();
  },

  insertValues: async (tx: Tx, rows: Insertable<RecordValuesTable>[]) => {
    if (rows.length > 0) await tx.insertInto('record_values').values(rows).execute();
  },

  // Answers how many were inserted: fewer than given means a key some record holds already.
  insertKeys: async (tx: Tx, rows: Insertable<RecordKeysTable>[]): Promise<number> => {
    if (rows.length === 0) return 0;
    const inserted = await tx
      .insertInto('record_keys')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning('record_id')
      .execute();
    return inserted.length;
  },

  activityMany: async (
    tx: Tx,
    entries: readonly {
      tenantId: string;
      recordId: string;
      actorUserId: string;
      importId: string;
      changes: readonly RecordFieldChange[];
    }[],
  ) => {
    if (entries.length === 0) return;
    await tx
      .insertInto('record_activity')
      .values(
        entries.map((entry) => ({
          tenant_id: entry.tenantId,
          record_id: entry.recordId,
          action: 'imported' as const,
          actor_user_id: entry.actorUserId,
          import_id: entry.importId,
          changes: JSON.stringify(entry.changes),
        })),
      )
      .execute();
  },

  // The record as a change starts from it, locked; any place (the import's places were checked).
  lock: (tx: Tx, objectTypeId: string, recordId: string) =>
    tx
      .selectFrom('records')
      .select(['id', 'title', 'data', 'region_id', 'business_unit_id', 'revision', 'archived_at'])
      .where('object_type_id', '=', objectTypeId)
      .where('id', '=', recordId)
      .forUpdate()
      .executeTakeFirst(),

  activity: (
    tx: Tx,
    entry: {
      tenantId: string;
      recordId: string;
      action: RecordActivityAction;
      actorUserId: string;
      importId: string;
      changes: readonly RecordFieldChange[];
    },
  ) =>
    tx
      .insertInto('record_activity')
      .values({
        tenant_id: entry.tenantId,
        record_id: entry.recordId,
        action: entry.action,
        actor_user_id: entry.actorUserId,
        import_id: entry.importId,
        changes: JSON.stringify(entry.changes),
      })
      .execute(),

  // A workflow_record_links row keeps a record a workflow names (restrict): undo keeps it.
  isLinked: async (tx: Tx, recordId: string): Promise<boolean> => {
    const row = await tx
      .selectFrom('workflow_record_links')
      .select('record_id')
      .where('record_id', '=', recordId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
