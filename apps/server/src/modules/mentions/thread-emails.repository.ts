import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// Comment e-mails' pending items (spec 1 §4). The worker works through adminDb (a role row-level
// security may not bind), so every statement names the tenant as well as setting it.

export type NewEmailItem = {
  tenant_id: string;
  message_id: string;
  user_id: string;
  reason: 'subscribed' | 'mentioned';
};

// One item per person and message: a second reason to tell them of it adds nothing.
export async function insertEmailItems(tx: Tx, items: NewEmailItem[]): Promise<void> {
  await tx
    .insertInto('thread_email_items')
    .values(items)
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'message_id']).doNothing())
    .execute();
}

// A person's unsent items, oldest comment first, with the message, its author or run, its thread
// and workflow; locked, and skipping items another job holds, so two jobs for one person (a retry,
// a sweep) never send the same comment twice.
export function pendingItemsForUpdate(tx: Tx, tenantId: string, userId: string) {
  return tx
    .selectFrom('thread_email_items as i')
    .innerJoin('messages as m', (j) =>
      j.onRef('m.tenant_id', '=', 'i.tenant_id').onRef('m.id', '=', 'i.message_id'),
    )
    .innerJoin('threads as t', (j) =>
      j.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.thread_id'),
    )
    .innerJoin('workflows as w', (j) =>
      j.onRef('w.tenant_id', '=', 't.tenant_id').onRef('w.id', '=', 't.workflow_id'),
    )
    .leftJoin('users as a', (j) =>
      j.onRef('a.tenant_id', '=', 'm.tenant_id').onRef('a.id', '=', 'm.author_id'),
    )
    .leftJoin('integration_runs as r', (j) =>
      j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.integration_run_id'),
    )
    .select([
      'i.id',
      'i.reason',
      'i.message_id',
      'm.body',
      'm.created_at',
      'm.deleted_at',
      'a.first_name as author_first_name',
      'a.last_name as author_last_name',
      'a.email as author_email',
      'r.connector as run_connector',
      't.id as thread_id',
      't.step_tag',
      't.field_tag',
      'w.id as workflow_id',
      'w.name as workflow_name',
      'w.definition_id',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.user_id', '=', userId)
    .where('i.sent_at', 'is', null)
    .orderBy('m.created_at')
    .orderBy('i.id')
    .forUpdate('i')
    .skipLocked()
    .limit(1000)
    .execute();
}

export type PendingItemRow = Awaited<ReturnType<typeof pendingItemsForUpdate>>[number];

// Every pending item is settled once looked at, sent or dropped.
export async function markItemsSent(tx: Tx, tenantId: string, itemIds: string[]): Promise<void> {
  await tx
    .updateTable('thread_email_items')
    .set({ sent_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', itemIds)
    .execute();
}

export function digestRecipient(tx: Tx, tenantId: string, userId: string) {
  return tx
    .selectFrom('users')
    .select(['email', 'first_name', 'is_active'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function digestTenant(tx: Tx, tenantId: string) {
  return tx
    .selectFrom('tenants')
    .select(['slug', 'brand'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

// Which of these workflows the person can see.
export async function visibleWorkflowIds(
  tx: Tx,
  tenantId: string,
  userId: string,
  workflowIds: string[],
): Promise<string[]> {
  const rows = await tx
    .selectFrom('workflows as w')
    .select('w.id')
    .where('w.tenant_id', '=', tenantId)
    .where('w.id', 'in', workflowIds)
    .where(visibleWorkflowsFilter(userId))
    .execute();
  return rows.map((r) => r.id);
}

// Which of these threads the person is still subscribed to.
export async function subscribedThreadIds(
  tx: Tx,
  tenantId: string,
  userId: string,
  threadIds: string[],
): Promise<string[]> {
  const rows = await tx
    .selectFrom('thread_subscriptions')
    .select('thread_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('subscribed', '=', true)
    .where('thread_id', 'in', threadIds)
    .execute();
  return rows.map((r) => r.thread_id);
}

// Which of these messages still mention the person (an edit may have removed the mention).
export async function mentioningMessageIds(
  tx: Tx,
  tenantId: string,
  userId: string,
  messageIds: string[],
): Promise<string[]> {
  const rows = await tx
    .selectFrom('mentions')
    .select('message_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('message_id', 'in', messageIds)
    .execute();
  return rows.map((r) => r.message_id);
}

// The people with unsent items at least this old (0: all of them).
export async function usersWithPendingItems(
  tx: Tx,
  tenantId: string,
  olderThanSeconds: number,
): Promise<string[]> {
  const rows = await tx
    .selectFrom('thread_email_items')
    .select('user_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('sent_at', 'is', null)
    .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .limit(10_000)
    .execute();
  return rows.map((r) => r.user_id);
}

// The sweep's people: those with unsent items older than the delay and its margin (a lost job).
export async function usersWithOverdueItems(
  tx: Tx,
  tenantId: string,
  overdueSeconds: number,
): Promise<string[]> {
  const rows = await tx
    .selectFrom('thread_email_items')
    .select('user_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('sent_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${overdueSeconds})`)
    .limit(1000)
    .execute();
  return rows.map((r) => r.user_id);
}

// Every tenant, for the sweep (through adminDb, outside any tenant).
export async function allTenantIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('tenants').select('id').execute();
  return rows.map((r) => r.id);
}
