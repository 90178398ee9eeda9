import { MENTIONS_PAGE_SIZE, type Mention } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import { mentionsChangedEvents } from './comment-fanout.js';
import {
  setMentionRead,
  unreadMentionsOf,
  userMentionsPage,
  visibleMentionOf,
} from './mentions.repository.js';
import { integrationResult } from './messages.repository.js';
import { targetLabels, targetType } from './thread-targets.js';

// Spec 1 §7 user-mentions: newest first, 20 a page.
export function listUserMentions(ctx: UserContext, page: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await userMentionsPage(tx, userId, {
      limit: MENTIONS_PAGE_SIZE,
      offset: (page - 1) * MENTIONS_PAGE_SIZE,
    });
    const results: Mention[] = [];
    for (const row of rows) {
      const definition = await loadDefinition(tx, ctx.tenant.id, row.definition_id);
      const tags = { step_tag: row.step_tag, field_tag: row.field_tag };
      results.push({
        id: Number(row.id),
        message_id: Number(row.message_id),
        message: row.body,
        posted_by:
          row.author_id !== null
            ? { email: row.email ?? '', name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() }
            : null,
        workflow: { id: Number(row.workflow_id), name: row.workflow_name },
        created_at: row.created_at.toISOString(),
        ...targetLabels(definition, tags),
        is_read: row.is_read,
        content_object_type: targetType(tags),
        thread: Number(row.thread_id),
        integration_result: integrationResult(row),
      });
    }
    return { results, count };
  });
}

export function unreadMentionsCount(ctx: UserContext) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    return { count: await unreadMentionsOf(tx, userId) };
  });
}

// Marks the signed-in user's mention of a message read (events to publish after commit); idempotent (read_at keeps the first read).
// 404 when they have no mention on it, or cannot see its workflow any more.
export function markMentionRead(ctx: UserContext, messageId: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const mention = await visibleMentionOf(tx, userId, String(messageId));
    if (!mention) throw new NotFoundError();
    if (!mention.is_read) {
      await setMentionRead(tx, mention.id);
    }
    return {
      result: { id: Number(mention.id), is_read: true as const },
      // The reader's badge, on every page they have open.
      events: await mentionsChangedEvents(tx, ctx.tenant.id, [userId]),
    };
  });
}
