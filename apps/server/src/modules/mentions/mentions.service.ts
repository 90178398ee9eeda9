import { MENTIONS_PAGE_SIZE, type Mention } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import { mentionsChangedEvents } from './comment-fanout.js';
import { unreadMentionsOf, visibleMentions } from './mentions.repository.js';
import { integrationResult } from './messages.repository.js';
import { targetLabels, targetType } from './thread-targets.js';

// Spec 1 §7 user-mentions: newest first, 20 a page.
export function listUserMentions(ctx: UserContext, page: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
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
        .limit(MENTIONS_PAGE_SIZE)
        .offset((page - 1) * MENTIONS_PAGE_SIZE)
        .execute(),
      visibleMentions(tx, userId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
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
    return { results, count: Number(total.n) };
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
    const mention = await visibleMentions(tx, userId)
      .select(['mn.id', 'mn.is_read'])
      .where('mn.message_id', '=', String(messageId))
      .executeTakeFirst();
    if (!mention) throw new NotFoundError();
    if (!mention.is_read) {
      await tx
        .updateTable('mentions')
        .set({ is_read: true, read_at: new Date() })
        .where('id', '=', mention.id)
        .execute();
    }
    return {
      result: { id: Number(mention.id), is_read: true as const },
      // The reader's badge, on every page they have open.
      events: await mentionsChangedEvents(tx, ctx.tenant.id, [userId]),
    };
  });
}
