import { type Message, type PageQuery, RECORD_ERROR_CODES, RECORD_MESSAGES } from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadVisibleRecord } from '../records/index.js';
import { insertMessage, readMessage, threadMessagesPage, toMessage } from './messages.repository.js';
import { insertRecordThreadIfAbsent, recordThreadId } from './record-threads.repository.js';

// Comments on a record (issue 18, the record page's Comments tab): whoever may see the record reads
// and writes them (the route asks can_view_records; a record they cannot see answers 404). They are
// plain comments: a mention token is kept as text, with no mention, notification or e-mail, since
// the mention fan-out, the user-mentions list and the comment e-mails all read a thread's workflow.
export function listRecordComments(
  ctx: UserContext,
  tag: string,
  recordId: number,
  page: PageQuery,
): Promise<{ rows: Message[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const record = await loadVisibleRecord(tx, ctx, tag, recordId);
    const threadId = await recordThreadId(tx, record.recordId);
    if (threadId === undefined) return { rows: [], count: 0 };
    const { rows, count } = await threadMessagesPage(tx, threadId, page);
    return { rows: rows.map(toMessage), count };
  });
}

// The record's thread is made by its first comment.
export function postRecordComment(
  ctx: UserContext,
  tag: string,
  recordId: number,
  body: string,
): Promise<Message> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const record = await loadVisibleRecord(tx, ctx, tag, recordId);
    // An archived record is read-only until restored, its comments too.
    if (record.archived) throw new AppError(400, RECORD_ERROR_CODES.archived, RECORD_MESSAGES.archived);
    const threadId = await insertRecordThreadIfAbsent(tx, {
      tenant_id: ctx.tenant.id,
      record_id: record.recordId,
      created_by: ctx.auth.user.id,
    });
    const messageId = await insertMessage(tx, {
      tenant_id: ctx.tenant.id,
      thread_id: threadId,
      author_id: ctx.auth.user.id,
      body,
    });
    return readMessage(tx, messageId);
  });
}
