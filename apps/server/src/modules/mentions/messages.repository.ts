import type { IntegrationResult, Message } from '@attest/shared';
import { sql } from 'kysely';
import type { IntegrationRunState } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Live messages with their author (null for one an integration run posted), the run, and the ids
// of the people they mention.
export function messagesQuery(tx: Tx) {
  return tx
    .selectFrom('messages as m')
    .leftJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.author_id'),
    )
    .leftJoin('integration_runs as r', (j) =>
      j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.integration_run_id'),
    )
    .select([
      'm.id',
      'm.thread_id',
      'm.body',
      'm.created_at',
      'm.edited_at',
      'u.id as author_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'r.id as run_id',
      'r.connector as run_connector',
      'r.state as run_state',
    ])
    .select((eb) =>
      eb
        .selectFrom('mentions as mn')
        .select(sql<string[]>`coalesce(array_agg(mn.user_id order by mn.user_id), '{}')`.as('ids'))
        .whereRef('mn.message_id', '=', 'm.id')
        .as('mentioned'),
    )
    .where('m.deleted_at', 'is', null);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['executeTakeFirstOrThrow']>>;

// Spec 1 §3 integration_result: the run that posted a message, from a left join on integration_runs.
export function integrationResult(row: {
  run_id: string | null;
  run_connector: string | null;
  run_state: IntegrationRunState | null;
}): IntegrationResult {
  return row.run_id !== null && row.run_connector !== null && row.run_state !== null
    ? { id: Number(row.run_id), connector: row.run_connector, state: row.run_state }
    : null;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: Number(row.id),
    thread: Number(row.thread_id),
    author:
      row.author_id !== null
        ? {
            id: Number(row.author_id),
            email: row.email ?? '',
            name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          }
        : null,
    integration_result: integrationResult(row),
    body: row.body,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    mentioned_user_ids: (row.mentioned ?? []).map(Number),
  };
}

export function readMessage(tx: Tx, id: string) {
  return messagesQuery(tx).where('m.id', '=', id).executeTakeFirstOrThrow().then(toMessage);
}

// A thread's live messages, oldest first, a page of them and how many there are in all.
export async function threadMessagesPage(
  tx: Tx,
  threadId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    messagesQuery(tx)
      .where('m.thread_id', '=', threadId)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    tx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('thread_id', '=', threadId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

// A message by a person (author_id) or by an integration run (integration_run_id, no author).
export type NewMessage = {
  tenant_id: string;
  thread_id: string;
  author_id: string | null;
  integration_run_id?: string;
  body: string;
};

export async function insertMessage(tx: Tx, message: NewMessage): Promise<string> {
  const row = await tx.insertInto('messages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// A user's own live message, locked for the edit or delete that follows.
export function ownLiveMessageForUpdate(tx: Tx, messageId: string, authorId: string) {
  return tx
    .selectFrom('messages')
    .select(['id', 'thread_id'])
    .where('id', '=', messageId)
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function setMessageBody(tx: Tx, messageId: string, body: string): Promise<void> {
  await tx.updateTable('messages').set({ body, edited_at: new Date() }).where('id', '=', messageId).execute();
}

export async function softDeleteMessage(tx: Tx, messageId: string): Promise<void> {
  await tx.updateTable('messages').set({ deleted_at: new Date() }).where('id', '=', messageId).execute();
}
