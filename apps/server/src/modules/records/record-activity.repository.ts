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
      })
      .execute(),
};
