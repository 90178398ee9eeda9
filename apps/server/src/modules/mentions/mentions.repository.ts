import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// The signed-in user's mentions on workflows they can still see (losing access to a workflow hides
// its mentions; they come back with the access).
export function visibleMentions(tx: Tx, userId: string) {
  return tx
    .selectFrom('mentions as mn')
    .innerJoin('messages as m', (j) =>
      j.onRef('m.tenant_id', '=', 'mn.tenant_id').onRef('m.id', '=', 'mn.message_id'),
    )
    .innerJoin('threads as t', (j) =>
      j.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.thread_id'),
    )
    .innerJoin('workflows as w', (j) =>
      j.onRef('w.tenant_id', '=', 't.tenant_id').onRef('w.id', '=', 't.workflow_id'),
    )
    .where('mn.user_id', '=', userId)
    .where('m.deleted_at', 'is', null)
    .where(visibleWorkflowsFilter(userId));
}

// A user's unread mentions on workflows they can see (the count user-mentions shows, and the badge).
export async function unreadMentionsOf(tx: Tx, userId: string): Promise<number> {
  const row = await visibleMentions(tx, userId)
    .where('mn.is_read', '=', false)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
