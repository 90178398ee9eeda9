import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// Spec 1 §4 "Subscriptions to threads": a row is an explicit choice, subscribed or not.

export async function isSubscribed(tx: Tx, threadId: string, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('thread_subscriptions')
    .select('subscribed')
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.subscribed ?? false;
}

export type SubscriptionChoice = {
  tenant_id: string;
  thread_id: string;
  user_id: string;
  subscribed: boolean;
};

// Records a person's choice on a thread, replacing an earlier one.
export async function upsertSubscription(tx: Tx, choice: SubscriptionChoice): Promise<void> {
  await tx
    .insertInto('thread_subscriptions')
    .values(choice)
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'thread_id', 'user_id'])
        .doUpdateSet({ subscribed: choice.subscribed, updated_at: new Date() }),
    )
    .execute();
}

// Subscribes a person to a thread unless they have a row already (subscribed or, by their own
// choice, not).
export async function subscribeIfUndecided(
  tx: Tx,
  tenantId: string,
  threadId: string,
  userId: string,
): Promise<void> {
  await tx
    .insertInto('thread_subscriptions')
    .values({ tenant_id: tenantId, thread_id: threadId, user_id: userId, subscribed: true })
    .onConflict((oc) => oc.columns(['tenant_id', 'thread_id', 'user_id']).doNothing())
    .execute();
}

// The active users subscribed to a thread (whether they can still see it is the caller's question).
export async function activeSubscriberIds(tx: Tx, threadId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('thread_subscriptions as s')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'),
    )
    .select('s.user_id')
    .where('s.thread_id', '=', threadId)
    .where('s.subscribed', '=', true)
    .where('u.is_active', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}

// A user's subscriptions on threads of workflows they can still see.
function userSubscriptions(tx: Tx, userId: string) {
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

// A page of them, newest subscription first, with each thread's live message count and last
// message time; and how many there are in all.
export async function userSubscriptionsPage(tx: Tx, userId: string, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    userSubscriptions(tx, userId)
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
    userSubscriptions(tx, userId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

// A user's own subscription row, locked for the change that follows.
export function ownSubscriptionForUpdate(tx: Tx, subscriptionId: string, userId: string) {
  return tx
    .selectFrom('thread_subscriptions')
    .select(['id', 'thread_id', 'subscribed'])
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

// Keeps the row (subscribed = false), so posting again does not subscribe back.
export async function setUnsubscribed(tx: Tx, subscriptionId: string): Promise<void> {
  await tx
    .updateTable('thread_subscriptions')
    .set({ subscribed: false, updated_at: new Date() })
    .where('id', '=', subscriptionId)
    .execute();
}
