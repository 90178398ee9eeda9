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
};
