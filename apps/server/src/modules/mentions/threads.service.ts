import type { CreateThreadRequest, Message, PageQuery, Thread } from '@attest/shared';
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
import {
  deleteMentionsOf,
  deleteUnreadMentionsExcept,
  insertMentions,
  insertMentionsIfAbsent,
  mentionedUserIds,
} from './mentions.repository.js';
import {
  insertMessage,
  ownLiveMessageForUpdate,
  readMessage,
  setMessageBody,
  softDeleteMessage,
  threadMessagesPage,
  toMessage,
} from './messages.repository.js';
import { resolveTarget, targetType } from './thread-targets.js';
import {
  findThread,
  insertThreadIfAbsent,
  type ThreadRow,
  targetThread,
  workflowThreads,
} from './threads.repository.js';

function toThread(row: ThreadRow): Thread {
  return {
    id: Number(row.id),
    workflow_id: Number(row.workflow_id),
    content_object_type: targetType(row),
    step_tag: row.step_tag,
    field_tag: row.field_tag,
    message_count: Number(row.message_count ?? 0),
    created_at: row.created_at.toISOString(),
  };
}

// A workflow's threads (at most one per step and field, so the list is bounded by its definition).
export function listThreads(ctx: UserContext, workflowId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await loadVisibleWorkflow(tx, ctx, workflowId);
    const rows = await workflowThreads(tx, String(workflowId));
    return { results: rows.map(toThread) };
  });
}

// Gets or creates the thread of a target; concurrent calls meet on the unique target index.
export function openThread(ctx: UserContext, workflowId: number, request: CreateThreadRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { definition } = await loadVisibleWorkflow(tx, ctx, workflowId);
    const tags = resolveTarget(definition, request);
    await insertThreadIfAbsent(tx, {
      tenant_id: ctx.tenant.id,
      workflow_id: String(workflowId),
      ...tags,
      created_by: ctx.auth.user.id,
    });
    return toThread(await targetThread(tx, String(workflowId), tags));
  });
}

// A thread of a workflow the user can see, or 404 (another tenant's thread is hidden by RLS).
export async function visibleThread(tx: Tx, ctx: UserContext, threadId: number | string) {
  const thread = await findThread(tx, String(threadId));
  if (!thread) throw new NotFoundError();
  const workflow = await loadVisibleWorkflow(tx, ctx, thread.workflow_id);
  return { thread, workflow };
}

// A thread's messages, oldest first, paged.
export function listMessages(ctx: UserContext, threadId: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await visibleThread(tx, ctx, threadId);
    const { rows, count } = await threadMessagesPage(tx, String(threadId), page);
    return { rows: rows.map(toMessage), count };
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
    const messageId = await insertMessage(tx, {
      tenant_id: ctx.tenant.id,
      thread_id: thread.id,
      author_id: authorId,
      body,
    });
    if (recipients.length > 0) {
      await insertMentions(
        tx,
        recipients.map((user_id) => ({ tenant_id: ctx.tenant.id, message_id: messageId, user_id })),
      );
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
          message_id: Number(messageId),
          mentioned: recipients.length,
        },
      },
    ]);
    const effects = await commentPosted(tx, ctx.tenant.id, {
      thread,
      messageId,
      authorId,
      actor: actorOf(ctx),
      mentioned: recipients,
    });
    return { message: await readMessage(tx, messageId), effects };
  });
}

// The signed-in user's own live message on a workflow they can still see, locked; 404 otherwise.
async function ownMessage(tx: Tx, ctx: UserContext, messageId: number) {
  const message = await ownLiveMessageForUpdate(tx, String(messageId), ctx.auth.user.id);
  if (!message) throw new NotFoundError();
  const { thread } = await visibleThread(tx, ctx, message.thread_id);
  return { message, thread };
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
    const before = new Set(await mentionedUserIds(tx, message.id));
    await setMessageBody(tx, message.id, body);
    const gone = await deleteUnreadMentionsExcept(tx, message.id, recipients);
    if (recipients.length > 0) {
      await insertMentionsIfAbsent(
        tx,
        recipients.map((user_id) => ({ tenant_id: ctx.tenant.id, message_id: message.id, user_id })),
      );
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
      ...(await mentionsChangedEvents(tx, ctx.tenant.id, gone)),
    );
    return { message: await readMessage(tx, message.id), effects };
  });
}

// Soft delete: the message leaves its thread, and its mentions go with it (nobody is sent to read
// a message that is gone; a comment e-mail not yet sent leaves it out).
export function deleteMessage(ctx: UserContext, messageId: number): Promise<CommentEffects> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { message, thread } = await ownMessage(tx, ctx, messageId);
    await softDeleteMessage(tx, message.id);
    const gone = await deleteMentionsOf(tx, message.id);
    return {
      tenantId: ctx.tenant.id,
      events: [
        threadMessageEvent(ctx.tenant.id, thread, message.id, 'deleted', actorOf(ctx)),
        ...(await mentionsChangedEvents(tx, ctx.tenant.id, gone)),
      ],
      emailUserIds: [],
    };
  });
}
