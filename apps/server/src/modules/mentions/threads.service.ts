import type { CreateThreadRequest, Message, PageQuery, Thread } from '@attest/shared';
import { sql } from 'kysely';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadVisibleWorkflow, recordActivity } from '../workflows/index.js';
import {
  type CommentEffects,
  commentPosted,
  mentionsChangedEvents,
  notifyComment,
  threadMessageEvent,
} from './comment-fanout.js';
import { mentionRecipients } from './mention-recipients.js';
import { messagesQuery, readMessage, toMessage } from './messages.repository.js';
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
export async function visibleThread(tx: Tx, ctx: UserContext, threadId: number | string) {
  const thread = await tx
    .selectFrom('threads')
    .select(['id', 'workflow_id', 'step_tag', 'field_tag'])
    .where('id', '=', String(threadId))
    .executeTakeFirst();
  if (!thread) throw new NotFoundError();
  const workflow = await loadVisibleWorkflow(tx, ctx, thread.workflow_id);
  return { thread, workflow };
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

function actorOf(ctx: UserContext) {
  const user = ctx.auth.user;
  return { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email };
}

// Posts a message; its mentions, the workflow's activity entry, its author's subscription, the
// comment e-mails and notifications it causes are written in the same transaction, so a refused
// mention (400) leaves nothing behind. The effects are for announceComment after commit.
export function postMessage(
  ctx: UserContext,
  threadId: number,
  body: string,
): Promise<{ message: Message; effects: CommentEffects }> {
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
    const effects = await commentPosted(tx, ctx.tenant.id, {
      thread,
      messageId: message.id,
      authorId,
      actor: actorOf(ctx),
      mentioned: recipients,
    });
    return { message: await readMessage(tx, message.id), effects };
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

async function mentionedUsers(tx: Tx, messageId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('mentions')
    .select('user_id')
    .where('message_id', '=', messageId)
    .execute();
  return rows.map((r) => r.user_id);
}

// Editing re-reads the mentions: new ones are added (and told, like a mention in a new message),
// removed ones go if still unread (a read one is history the reader has already acted on).
export function editMessage(
  ctx: UserContext,
  messageId: number,
  body: string,
): Promise<{ message: Message; effects: CommentEffects }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { message, thread } = await ownMessage(tx, ctx, messageId);
    const recipients = await mentionRecipients(tx, body, thread.workflow_id, ctx.auth.user.id);
    const before = new Set(await mentionedUsers(tx, message.id));
    await tx
      .updateTable('messages')
      .set({ body, edited_at: new Date() })
      .where('id', '=', message.id)
      .execute();
    let removed = tx.deleteFrom('mentions').where('message_id', '=', message.id).where('is_read', '=', false);
    if (recipients.length > 0) removed = removed.where('user_id', 'not in', recipients);
    const gone = await removed.returning('user_id').execute();
    if (recipients.length > 0) {
      await tx
        .insertInto('mentions')
        .values(recipients.map((user_id) => ({ tenant_id: ctx.tenant.id, message_id: message.id, user_id })))
        .onConflict((oc) => oc.columns(['tenant_id', 'message_id', 'user_id']).doNothing())
        .execute();
    }
    const added = recipients.filter((id) => !before.has(id));
    const effects = await notifyComment(tx, ctx.tenant.id, {
      thread,
      messageId: message.id,
      authorId: ctx.auth.user.id,
      actor: actorOf(ctx),
      mentioned: added,
      subscribers: [],
    });
    effects.events.unshift(
      threadMessageEvent(ctx.tenant.id, thread, message.id, 'edited', actorOf(ctx)),
      ...(await mentionsChangedEvents(
        tx,
        ctx.tenant.id,
        gone.map((r) => r.user_id),
      )),
    );
    return { message: await readMessage(tx, message.id), effects };
  });
}

// Soft delete: the message leaves its thread, and its mentions go with it (nobody is sent to read
// a message that is gone; a comment e-mail not yet sent leaves it out).
export function deleteMessage(ctx: UserContext, messageId: number): Promise<CommentEffects> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { message, thread } = await ownMessage(tx, ctx, messageId);
    await tx.updateTable('messages').set({ deleted_at: new Date() }).where('id', '=', message.id).execute();
    const gone = await tx
      .deleteFrom('mentions')
      .where('message_id', '=', message.id)
      .returning('user_id')
      .execute();
    return {
      tenantId: ctx.tenant.id,
      events: [
        threadMessageEvent(ctx.tenant.id, thread, message.id, 'deleted', actorOf(ctx)),
        ...(await mentionsChangedEvents(
          tx,
          ctx.tenant.id,
          gone.map((r) => r.user_id),
        )),
      ],
      emailUserIds: [],
    };
  });
}
