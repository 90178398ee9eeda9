import type { Tx } from '../../platform/tenant-transaction.js';

// A record's comment thread (migration 0034: workflow_id null, one per record by threads_record_key).

export function recordThreadId(tx: Tx, recordId: string): Promise<string | undefined> {
  return tx
    .selectFrom('threads')
    .select('id')
    .where('record_id', '=', recordId)
    .executeTakeFirst()
    .then((row) => row?.id);
}

// Creates the record's thread unless it has one (concurrent posts meet on threads_record_key).
export async function insertRecordThreadIfAbsent(
  tx: Tx,
  thread: { tenant_id: string; record_id: string; created_by: string },
): Promise<string> {
  await tx
    .insertInto('threads')
    .values(thread)
    .onConflict((oc) => oc.columns(['tenant_id', 'record_id']).where('record_id', 'is not', null).doNothing())
    .execute();
  const id = await recordThreadId(tx, thread.record_id);
  if (id === undefined) throw new Error(`record ${thread.record_id} has no thread after insert`);
  return id;
}
