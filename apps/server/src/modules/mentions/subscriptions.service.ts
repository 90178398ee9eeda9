import type { PageQuery, ThreadSubscription, ThreadSubscriptionState } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import {
  isSubscribed,
  ownSubscriptionForUpdate,
  setUnsubscribed,
  upsertSubscription,
  userSubscriptionsPage,
} from './subscriptions.repository.js';
import { targetLabels, targetType } from './thread-targets.js';
import { visibleThread } from './threads.service.js';

// Spec 1 §4 "Subscriptions to threads". A row is an explicit choice, subscribed or not, so an
// unsubscribe is remembered: posting again does not subscribe the author back.

export function getSubscription(ctx: UserContext, threadId: number): Promise<ThreadSubscriptionState> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { thread } = await visibleThread(tx, ctx, threadId);
    return { thread: Number(thread.id), subscribed: await isSubscribed(tx, thread.id, ctx.auth.user.id) };
  });
}

export function setSubscription(
  ctx: UserContext,
  threadId: number,
  subscribed: boolean,
): Promise<ThreadSubscriptionState> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { thread } = await visibleThread(tx, ctx, threadId);
    await upsertSubscription(tx, {
      tenant_id: ctx.tenant.id,
      thread_id: thread.id,
      user_id: ctx.auth.user.id,
      subscribed,
    });
    return { thread: Number(thread.id), subscribed };
  });
}

// /mysubscriptions/: newest subscription first, paged.
export function listMySubscriptions(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await userSubscriptionsPage(tx, ctx.auth.user.id, page);
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
    return { results, count };
  });
}

// Unsubscribing keeps the row (subscribed = false), so posting again does not subscribe back.
// 404 for anyone else's subscription, another tenant's, or one on a workflow the user cannot see.
export function unsubscribe(ctx: UserContext, subscriptionId: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await ownSubscriptionForUpdate(tx, String(subscriptionId), ctx.auth.user.id);
    if (!row) throw new NotFoundError();
    await visibleThread(tx, ctx, row.thread_id);
    if (row.subscribed) {
      await setUnsubscribed(tx, row.id);
    }
  });
}
