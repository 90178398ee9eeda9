import type { PageQuery, ThreadSubscription, ThreadSubscriptionState } from '@attest/shared';
import { sql } from 'kysely';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition, visibleWorkflowsFilter } from '../workflows/index.js';
import { targetLabels, targetType } from './thread-targets.js';
import { visibleThread } from './threads.service.js';

// Spec 1 §4 "Subscriptions to threads". A row is an explicit choice, subscribed or not, so an
// unsubscribe is remembered: posting again does not subscribe the author back.

export function getSubscription(ctx: UserContext, threadId: number): Promise<ThreadSubscriptionState> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { thread } = await visibleThread(tx, ctx, threadId);
    const row = await tx
      .selectFrom('thread_subscriptions')
      .select('subscribed')
      .where('thread_id', '=', thread.id)
      .where('user_id', '=', ctx.auth.user.id)
      .executeTakeFirst();
    return { thread: Number(thread.id), subscribed: row?.subscribed ?? false };
  });
}

export function setSubscription(
  ctx: UserContext,
  threadId: number,
  subscribed: boolean,
): Promise<ThreadSubscriptionState> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { thread } = await visibleThread(tx, ctx, threadId);
    await tx
      .insertInto('thread_subscriptions')
      .values({ tenant_id: ctx.tenant.id, thread_id: thread.id, user_id: ctx.auth.user.id, subscribed })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'thread_id', 'user_id']).doUpdateSet({ subscribed, updated_at: new Date() }),
      )
      .execute();
    return { thread: Number(thread.id), subscribed };
  });
}

// The signed-in user's subscriptions on threads of workflows they can still see.
function mySubscriptions(ctx: UserContext, tx: Tx) {
  const userId = ctx.auth.user.id;
  return tx
    .selectFrom('thread_subscriptions as s')
    .innerJoin('threads as t', (j) =>
      j.onRef('t.tenant_id', '=', 's.tenant_id').onRef('t.id', '=', 's.thread_id'),
    )
    .innerJoin('workflows as w', (j) =>
      j.onRef('w.tenant_id', '=', 't.tenant_id').onRef('w.id', '=', 't.workflow_id'),
    )
    .where('s.user_id', '=', userId)
    .where('s.subscribed', '=', true)
    .where(visibleWorkflowsFilter(userId));
}

// /mysubscriptions/: newest subscription first, paged.
export function listMySubscriptions(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const [rows, total] = await Promise.all([
      mySubscriptions(ctx, tx)
        .select([
          's.id',
          's.updated_at',
          't.id as thread_id',
          't.step_tag',
          't.field_tag',
          'w.id as workflow_id',
          'w.name as workflow_name',
          'w.definition_id',
        ])
        .select((eb) => [
          eb
            .selectFrom('messages as m')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('m.thread_id', '=', 't.id')
            .where('m.deleted_at', 'is', null)
            .as('message_count'),
          eb
            .selectFrom('messages as m')
            .select(sql<Date>`max(m.created_at)`.as('at'))
            .whereRef('m.thread_id', '=', 't.id')
            .where('m.deleted_at', 'is', null)
            .as('last_message_at'),
        ])
        .orderBy('s.updated_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      mySubscriptions(ctx, tx)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const results: ThreadSubscription[] = [];
    for (const row of rows) {
      const definition = await loadDefinition(tx, ctx.tenant.id, row.definition_id);
      const tags = { step_tag: row.step_tag, field_tag: row.field_tag };
      const last = row.last_message_at as Date | string | null;
      results.push({
        id: Number(row.id),
        thread: Number(row.thread_id),
        workflow: { id: Number(row.workflow_id), name: row.workflow_name },
        content_object_type: targetType(tags),
        ...targetLabels(definition, tags),
        message_count: Number(row.message_count ?? 0),
        last_message_at: last === null ? null : new Date(last).toISOString(),
        subscribed_at: row.updated_at.toISOString(),
      });
    }
    return { results, count: Number(total.n) };
  });
}

// Unsubscribing keeps the row (subscribed = false), so posting again does not subscribe back.
// 404 for anyone else's subscription, another tenant's, or one on a workflow the user cannot see.
export function unsubscribe(ctx: UserContext, subscriptionId: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await tx
      .selectFrom('thread_subscriptions')
      .select(['id', 'thread_id', 'subscribed'])
      .where('id', '=', String(subscriptionId))
      .where('user_id', '=', ctx.auth.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    await visibleThread(tx, ctx, row.thread_id);
    if (row.subscribed) {
      await tx
        .updateTable('thread_subscriptions')
        .set({ subscribed: false, updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
    }
  });
}
