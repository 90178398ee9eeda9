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

// A page of the user's visible mentions, newest first, with their message, its author or run, the
// thread and the workflow; and how many there are in all.
export async function userMentionsPage(tx: Tx, userId: string, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    visibleMentions(tx, userId)
      .leftJoin('users as a', (j) =>
        j.onRef('a.tenant_id', '=', 'm.tenant_id').onRef('a.id', '=', 'm.author_id'),
      )
      .leftJoin('integration_runs as r', (j) =>
        j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.integration_run_id'),
      )
      .select([
        'mn.id',
        'mn.is_read',
        'mn.created_at',
        'm.id as message_id',
        'm.body',
        'm.author_id',
        'a.email',
        'a.first_name',
        'a.last_name',
        'w.id as workflow_id',
        'w.name as workflow_name',
        'w.definition_id',
        't.id as thread_id',
        't.step_tag',
        't.field_tag',
        'r.id as run_id',
        'r.connector as run_connector',
        'r.state as run_state',
      ])
      .orderBy('mn.created_at', 'desc')
      .orderBy('mn.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    visibleMentions(tx, userId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

// The user's visible mention of a message.
export function visibleMentionOf(tx: Tx, userId: string, messageId: string) {
  return visibleMentions(tx, userId)
    .select(['mn.id', 'mn.is_read'])
    .where('mn.message_id', '=', messageId)
    .executeTakeFirst();
}

export async function setMentionRead(tx: Tx, mentionId: string): Promise<void> {
  await tx
    .updateTable('mentions')
    .set({ is_read: true, read_at: new Date() })
    .where('id', '=', mentionId)
    .execute();
}

export async function mentionedUserIds(tx: Tx, messageId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('mentions')
    .select('user_id')
    .where('message_id', '=', messageId)
    .execute();
  return rows.map((r) => r.user_id);
}

export type NewMention = { tenant_id: string; message_id: string; user_id: string };

export async function insertMentions(tx: Tx, mentions: NewMention[]): Promise<void> {
  await tx.insertInto('mentions').values(mentions).execute();
}

// For an edit: a person mentioned already keeps their mention (and whether they read it).
export async function insertMentionsIfAbsent(tx: Tx, mentions: NewMention[]): Promise<void> {
  await tx
    .insertInto('mentions')
    .values(mentions)
    .onConflict((oc) => oc.columns(['tenant_id', 'message_id', 'user_id']).doNothing())
    .execute();
}

// Removes a message's unread mentions of anyone not in `keep`; answers whose went.
export async function deleteUnreadMentionsExcept(
  tx: Tx,
  messageId: string,
  keep: readonly string[],
): Promise<string[]> {
  let removed = tx.deleteFrom('mentions').where('message_id', '=', messageId).where('is_read', '=', false);
  if (keep.length > 0) removed = removed.where('user_id', 'not in', [...keep]);
  const rows = await removed.returning('user_id').execute();
  return rows.map((r) => r.user_id);
}

// Removes all a message's mentions; answers whose went.
export async function deleteMentionsOf(tx: Tx, messageId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('mentions')
    .where('message_id', '=', messageId)
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
