import type { RecordActivityAction, RecordFieldChange } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';

// Every change to a record, with before and after per field (plan §1.4), written in the change's
// transaction.
export const recordActivityRepository = {
  add: (
    tx: Tx,
    entry: {
      tenantId: string;
      recordId: string;
      action: RecordActivityAction;
      actorUserId: string;
      changes: readonly RecordFieldChange[];
      // The batch update that made (or undid) the change.
      batchUpdateId?: string | null;
    },
  ) =>
    tx
      .insertInto('record_activity')
      .values({
        tenant_id: entry.tenantId,
        record_id: entry.recordId,
        action: entry.action,
        actor_user_id: entry.actorUserId,
        changes: JSON.stringify(entry.changes),
        batch_update_id: entry.batchUpdateId ?? null,
      })
      .execute(),

  // A record's activity tab, newest first (record_activity_record_idx).
  page: (tx: Tx, recordId: string, page: { limit: number; offset: number }) =>
    tx
      .selectFrom('record_activity as a')
      .leftJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.actor_user_id'),
      )
      .select([
        'a.id',
        'a.action',
        'a.changes',
        'a.import_id',
        'a.batch_update_id',
        'a.created_at',
        'a.actor_user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .where('a.record_id', '=', recordId)
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),

  count: async (tx: Tx, recordId: string) => {
    const row = await tx
      .selectFrom('record_activity')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
