import type { Tx } from '../../platform/tenant-transaction.js';
import type { RecordKey } from './record-answers.js';

// Unique keys are the database's to enforce (record_keys' primary key), never a read-then-write:
// a key another record holds comes back as that record's id, for the duplicate_key message.
export const recordKeysRepository = {
  // The record's keys replaced by `keys`; the first one held by another record is answered with it.
  replace: async (
    tx: Tx,
    scope: { tenantId: string; objectTypeId: string; recordId: string },
    keys: readonly RecordKey[],
  ): Promise<{ key: RecordKey; heldBy: string } | undefined> => {
    await tx.deleteFrom('record_keys').where('record_id', '=', scope.recordId).execute();
    for (const key of keys) {
      const inserted = await tx
        .insertInto('record_keys')
        .values({
          tenant_id: scope.tenantId,
          object_type_id: scope.objectTypeId,
          key_name: key.name,
          key_value: key.value,
          record_id: scope.recordId,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('record_id')
        .executeTakeFirst();
      if (inserted) continue;
      const holder = await tx
        .selectFrom('record_keys')
        .select('record_id')
        .where('object_type_id', '=', scope.objectTypeId)
        .where('key_name', '=', key.name)
        .where('key_value', '=', key.value)
        .executeTakeFirstOrThrow();
      return { key, heldBy: holder.record_id };
    }
    return undefined;
  },

  // Which of `values` (stored key forms of one key) records of the type already hold, and by whom.
  holders: (tx: Tx, objectTypeId: string, keyName: string, values: readonly string[]) =>
    values.length === 0
      ? Promise.resolve([])
      : tx
          .selectFrom('record_keys')
          .select(['key_value', 'record_id'])
          .where('object_type_id', '=', objectTypeId)
          .where('key_name', '=', keyName)
          .where('key_value', 'in', values)
          .execute(),

  // Which of `ids` are records of the type (an update by id finds them).
  existingRecordIds: async (tx: Tx, objectTypeId: string, ids: readonly string[]): Promise<string[]> => {
    if (ids.length === 0) return [];
    const rows = await tx
      .selectFrom('records')
      .select('id')
      .where('object_type_id', '=', objectTypeId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  },
};
