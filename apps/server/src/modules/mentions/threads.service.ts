import type { CreateThreadRequest, Message, PageQuery, Thread } from '@attest/shared';
import { sql } from 'kysely';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { recordActivity } from '../workflows/workflow-activity.js';
import { loadVisibleWorkflow } from '../workflows/workflow-loader.js';
import { mentionRecipients } from './mention-recipients.js';
import { resolveTarget, targetType } from './thread-targets.js';

type ThreadRow = {
  id: string;
  workflow_id: string;
  step_tag: string | null;
  field_tag: string | null;
  created_at: Date;
  message_count: string | number;
};

function toThread(row: ThreadRow): Thread {
  return {
    id: Number(row.id),
    workflow_id: Number(row.workflow_id),
    content_object_type: targetType(row),
    step_tag: row.step_tag,
    field_tag: row.field_tag,
    message_count: Number(row.message_count),
    created_at: row.created_at.toISOString(),
  };
}

function threadsQuery(tx: Tx) {
  return tx
    .selectFrom('threads as t')
    .select(['t.id', 't.workflow_id', 't.step_tag', 't.field_tag', 't.created_at'])
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.thread_id', '=', 't.id')
        .where('m.deleted_at', 'is', null)
        .as('message_count'),
    );
}

// A workflow's threads (at most one per step and field, so the list is bounded by its definition).
export function listThreads(ctx: UserContext, workflowId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await loadVisibleWorkflow(tx, ctx, workflowId);
    const rows = await threadsQuery(tx)
      .where('t.workflow_id', '=', String(workflowId))
      .orderBy('t.id')
      .execute();
    return { results: rows.map((r) => toThread({ ...r, message_count: r.message_count ?? 0 })) };
  });
}

// Gets or creates the thread of a target; concurrent calls meet on the unique target index.
export function openThread(ctx: UserContext, workflowId: number, request: CreateThreadRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { definition } = await loadVisibleWorkflow(tx, ctx, workflowId);
    const tags = resolveTarget(definition, request);
    await tx
      .insertInto('threads')
      .values({
        tenant_id: ctx.tenant.id,
        workflow_id: String(workflowId),
        ...tags,
        created_by: ctx.auth.user.id,
      })
      .onConflict((oc) =>
        oc
          .expression(sql`tenant_id, workflow_id, coalesce(step_tag, ''), coalesce(field_tag, '')`)
          .doNothing(),
      )
      .execute();
    const row = await threadsQuery(tx)
      .where('t.workflow_id', '=', String(workflowId))
      .where(sql<boolean>`coalesce(t.step_tag, '') = ${tags.step_tag ?? ''}`)
      .where(sql<boolean>`coalesce(t.field_tag, '') = ${tags.field_tag ?? ''}`)
      .executeTakeFirstOrThrow();
    return toThread({ ...row, message_count: row.message_count ?? 0 });
  });
}

// A thread of a workflow the user can see, or 404 (another tenant's thread is hidden by RLS).
async function visibleThread(tx: Tx, ctx: UserContext, threadId: number | string) {
  const thread = await tx
    .selectFrom('threads')
    .select(['id', 'workflow_id', 'step_tag', 'field_tag'])
    .where('id', '=', String(threadId))
    .executeTakeFirst();
  if (!thread) throw new NotFoundError();
  const workflow = await loadVisibleWorkflow(tx, ctx, thread.workflow_id);
  return { thread, workflow };
}

function messagesQuery(tx: Tx) {
  return tx
    .selectFrom('messages as m')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.author_id'),
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

function toMessage(row: MessageRow): Message {
  return {
    id: Number(row.id),
    thread: Number(row.thread_id),
    author: {
      id: Number(row.author_id),
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
    },
    body: row.body,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    mentioned_user_ids: (row.mentioned ?? []).map(Number),
  };
}

// A thread's messages, oldest first, paged.
export function listMessages(ctx: UserContext, threadId: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await visibleThread(tx, ctx, threadId);
    const [rows, total] = await Promise.all([
      messagesQuery(tx)
        .where('m.thread_id', '=', String(threadId))
        .orderBy('m.created_at')
        .orderBy('m.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('thread_id', '=', String(threadId))
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toMessage), count: Number(total.n) };
  });
}

function readMessage(tx: Tx, id: string) {
  return messagesQuery(tx).where('m.id', '=', id).executeTakeFirstOrThrow().then(toMessage);
}

// Posts a message; its mentions and the workflow's activity entry are written in the same
// transaction, so a refused mention (400) leaves no message behind.
export function postMessage(ctx: UserContext, threadId: number, body: string) {
  const authorId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { thread } = await visibleThread(tx, ctx, threadId);
    const recipients = await mentionRecipients(tx, body, thread.workflow_id, authorId);
    const message = await tx
      .insertInto('messages')
      .values({ tenant_id: ctx.tenant.id, thread_id: thread.id, author_id: authorId, body })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recipients.length > 0) {
      await tx
        .insertInto('mentions')
        .values(recipients.map((user_id) => ({ tenant_id: ctx.tenant.id, message_id: message.id, user_id })))
        .execute();
    }
    await recordActivity(tx, ctx.tenant.id, [
      {
        workflowId: thread.workflow_id,
        action: 'added',
        event: 'comment_posted',
        actorId: authorId,
        stepTag: thread.step_tag,
        fieldTag: thread.field_tag,
        details: {
          thread_id: Number(thread.id),
          message_id: Number(message.id),
          mentioned: recipients.length,
        },
      },
    ]);
    return readMessage(tx, message.id);
  });
}

// The signed-in user's own live message on a workflow they can still see, locked; 404 otherwise.
async function ownMessage(tx: Tx, ctx: UserContext, messageId: number) {
  const message = await tx
    .selectFrom('messages')
    .select(['id', 'thread_id'])
    .where('id', '=', String(messageId))
    .where('author_id', '=', ctx.auth.user.id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!message) throw new NotFoundError();
  const { thread } = await visibleThread(tx, ctx, message.thread_id);
  return { message, thread };
}

// Editing re-reads the mentions: new ones are added, removed ones go if still unread (a read one
// is history the reader has already acted on).
export function editMessage(ctx: UserContext, messageId: number, body: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { message, thread } = await ownMessage(tx, ctx, messageId);
    const recipients = await mentionRecipients(tx, body, thread.workflow_id, ctx.auth.user.id);
    await tx
      .updateTable('messages')
      .set({ body, edited_at: new Date() })
      .where('id', '=', message.id)
      .execute();
    let removed = tx.deleteFrom('mentions').where('message_id', '=', message.id).where('is_read', '=', false);
    if (recipients.length > 0) removed = removed.where('user_id', 'not in', recipients);
    await removed.execute();
    if (recipients.length > 0) {
      await tx
        .insertInto('mentions')
        .values(recipients.map((user_id) => ({ tenant_id: ctx.tenant.id, message_id: message.id, user_id })))
        .onConflict((oc) => oc.columns(['tenant_id', 'message_id', 'user_id']).doNothing())
        .execute();
    }
    return readMessage(tx, message.id);
  });
}

// Soft delete: the message leaves its thread, and its mentions go with it (nobody is sent to read
// a message that is gone).
export function deleteMessage(ctx: UserContext, messageId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { message } = await ownMessage(tx, ctx, messageId);
    await tx.updateTable('messages').set({ deleted_at: new Date() }).where('id', '=', message.id).execute();
    await tx.deleteFrom('mentions').where('message_id', '=', message.id).execute();
  });
}
