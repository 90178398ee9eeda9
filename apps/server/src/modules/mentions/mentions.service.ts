import { MENTIONS_PAGE_SIZE, type Mention } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/definition-cache.js';
import { visibleWorkflowsFilter } from '../workflows/workflow-access.js';
import { targetLabels, targetType } from './thread-targets.js';

// The signed-in user's mentions on workflows they can still see (losing access to a workflow hides
// its mentions; they come back with the access).
function visibleMentions(tx: Tx, userId: string) {
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

// Spec 1 §7 user-mentions: newest first, 20 a page.
export function listUserMentions(ctx: UserContext, page: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const [rows, total] = await Promise.all([
      visibleMentions(tx, userId)
        .innerJoin('users as a', (j) =>
          j.onRef('a.tenant_id', '=', 'm.tenant_id').onRef('a.id', '=', 'm.author_id'),
        )
        .select([
          'mn.id',
          'mn.is_read',
          'mn.created_at',
          'm.body',
          'a.email',
          'a.first_name',
          'a.last_name',
          'w.id as workflow_id',
          'w.name as workflow_name',
          'w.definition_id',
          't.id as thread_id',
          't.step_tag',
          't.field_tag',
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
        message: row.body,
        posted_by: { email: row.email, name: `${row.first_name} ${row.last_name}`.trim() },
        workflow: { id: Number(row.workflow_id), name: row.workflow_name },
        created_at: row.created_at.toISOString(),
        ...targetLabels(definition, tags),
        is_read: row.is_read,
        content_object_type: targetType(tags),
        thread: Number(row.thread_id),
      });
    }
    return { results, count: Number(total.n) };
  });
}

export function unreadMentionsCount(ctx: UserContext) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await visibleMentions(tx, userId)
      .where('mn.is_read', '=', false)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { count: Number(row.n) };
  });
}

// Marks the signed-in user's mention of a message read; idempotent (read_at keeps the first read).
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
    return { id: Number(mention.id), is_read: true as const };
  });
}
