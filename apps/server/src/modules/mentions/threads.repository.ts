import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { TargetTags } from './thread-targets.js';

// A workflow's threads with their count of live messages. A record's thread (migration 0034: its
// workflow_id is null) is never one of them: the workflow comment routes cannot reach it.
function threadsQuery(tx: Tx) {
  return tx
    .selectFrom('threads as t')
    .select(['t.id', 't.workflow_id', 't.step_tag', 't.field_tag', 't.created_at'])
    .where('t.workflow_id', 'is not', null)
    .$narrowType<{ workflow_id: string }>()
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.thread_id', '=', 't.id')
        .where('m.deleted_at', 'is', null)
        .as('message_count'),
    );
}

export type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadsQuery>['executeTakeFirstOrThrow']>>;

export type NewThread = {
  tenant_id: string;
  workflow_id: string;
  step_tag: string | null;
  field_tag: string | null;
  created_by?: string;
};

// A workflow's threads, oldest first.
export function workflowThreads(tx: Tx, workflowId: string): Promise<ThreadRow[]> {
  return threadsQuery(tx).where('t.workflow_id', '=', workflowId).orderBy('t.id').execute();
}

// Creates a target's thread unless it has one; concurrent calls meet on the unique target index.
export async function insertThreadIfAbsent(tx: Tx, thread: NewThread): Promise<void> {
  await tx
    .insertInto('threads')
    .values(thread)
    .onConflict((oc) =>
      oc.expression(sql`tenant_id, workflow_id, coalesce(step_tag, ''), coalesce(field_tag, '')`).doNothing(),
    )
    .execute();
}

// The thread of a target (the tags as the unique target index compares them).
export function targetThread(tx: Tx, workflowId: string, tags: TargetTags): Promise<ThreadRow> {
  return threadsQuery(tx)
    .where('t.workflow_id', '=', workflowId)
    .where(sql<boolean>`coalesce(t.step_tag, '') = ${tags.step_tag ?? ''}`)
    .where(sql<boolean>`coalesce(t.field_tag, '') = ${tags.field_tag ?? ''}`)
    .executeTakeFirstOrThrow();
}

const THREAD_REF_COLUMNS = ['id', 'workflow_id', 'step_tag', 'field_tag'] as const;

// A workflow's thread by id; a record's thread is not found here.
export function findThread(tx: Tx, threadId: string) {
  return tx
    .selectFrom('threads')
    .select(THREAD_REF_COLUMNS)
    .where('id', '=', threadId)
    .where('workflow_id', 'is not', null)
    .$narrowType<{ workflow_id: string }>()
    .executeTakeFirst();
}

// A step's own thread (not one of its fields').
export function stepThread(tx: Tx, workflowId: string, stepTag: string) {
  return tx
    .selectFrom('threads')
    .select(THREAD_REF_COLUMNS)
    .where('workflow_id', '=', workflowId)
    .where('step_tag', '=', stepTag)
    .where('field_tag', 'is', null)
    .$narrowType<{ workflow_id: string }>()
    .executeTakeFirstOrThrow();
}

// The definition a thread's workflow follows, or undefined when the workflow is gone.
export async function workflowDefinitionId(tx: Tx, workflowId: string): Promise<string | undefined> {
  const workflow = await tx
    .selectFrom('workflows')
    .select('definition_id')
    .where('id', '=', workflowId)
    .executeTakeFirst();
  return workflow?.definition_id;
}
