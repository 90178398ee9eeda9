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

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['executeTakeFirstOrThrow']>>;

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
