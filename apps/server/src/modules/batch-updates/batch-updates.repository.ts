import type { BatchUpdateItemOutcome, BatchUpdateState } from '@attest/shared';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Batch updates and their items (migration 0036). Row-level security keeps every query to the
// transaction's tenant.

const UPDATE_COLUMNS = [
  'b.id',
  'b.created_by',
  'b.target',
  'b.kind_id',
  'b.object_type_id',
  'b.selection',
  'b.changes',
  'b.state',
  'b.total',
  'b.done',
  'b.changed',
  'b.skipped',
  'b.failed',
  'b.cursor_item_id',
  'b.undo_cursor_item_id',
  'b.created_at',
  'b.started_at',
  'b.finished_at',
  'b.undone_at',
  'b.undone_by',
  'b.error',
] as const;

export type BatchUpdateRow = Awaited<ReturnType<typeof batchUpdatesRepository.find>> & {};
export type ItemRow = {
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  outcome: BatchUpdateItemOutcome;
  activity_id_after: string | null;
  revision_after: number | null;
};
// What a selection's query yields: the selected workflows' (over `workflows as w`) or records' (over
// `records as r`) ids.
// biome-ignore lint/suspicious/noExplicitAny: a select over either table
export type SelectedIds = SelectQueryBuilder<Database & Record<string, any>, any, { id: string }>;
// Who may see an item's name (the list shows nothing of what the person cannot see): over `w` or `r`.
export type NameVisibility = { target: 'workflows' | 'records'; visible: Expression<SqlBool> };

function withNames(tx: Tx) {
  return tx
    .selectFrom('batch_updates as b')
    .leftJoin('workflow_kinds as k', 'k.id', 'b.kind_id')
    .leftJoin('object_types as o', 'o.id', 'b.object_type_id')
    .leftJoin('users as c', 'c.id', 'b.created_by')
    .leftJoin('users as u', 'u.id', 'b.undone_by')
    .select(UPDATE_COLUMNS)
    .select([
      'k.tag as kind_tag',
      'k.name as kind_name',
      'o.tag as object_type_tag',
      'o.name as object_type_name',
      'c.email as created_by_email',
      sql<string | null>`nullif(trim(c.first_name || ' ' || c.last_name), '')`.as('created_by_name'),
      'u.email as undone_by_email',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('undone_by_name'),
    ]);
}
export type BatchUpdateListRow = Awaited<ReturnType<typeof batchUpdatesRepository.findOwn>> & {};

export const batchUpdatesRepository = {
  async insert(
    tx: Tx,
    values: {
      tenantId: string;
      userId: string;
      target: 'workflows' | 'records';
      kindId: string | null;
      objectTypeId: string | null;
      selection: object;
      changes: object;
    },
  ): Promise<string> {
    const row = await tx
      .insertInto('batch_updates')
      .values({
        tenant_id: values.tenantId,
        created_by: values.userId,
        target: values.target,
        kind_id: values.kindId,
        object_type_id: values.objectTypeId,
        selection: JSON.stringify(values.selection),
        changes: JSON.stringify(values.changes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  // Freezes the selection into items, at most `limit` of them; answers how many.
  async insertItems(tx: Tx, tenantId: string, updateId: string, ids: SelectedIds, limit: number) {
    const result = await tx
      .insertInto('batch_update_items')
      .columns(['tenant_id', 'update_id', 'target_id'])
      .expression(
        tx
          .selectFrom(tx.selectFrom(ids.as('q')).select('q.id').orderBy('q.id').limit(limit).as('s'))
          .select([
            sql<string>`cast(${tenantId} as bigint)`.as('t'),
            sql<string>`cast(${updateId} as bigint)`.as('u'),
            's.id',
          ]),
      )
      .executeTakeFirst();
    const total = Number(result.numInsertedOrUpdatedRows ?? 0);
    await tx.updateTable('batch_updates').set({ total }).where('id', '=', updateId).execute();
    return total;
  },

  // An ids file's ids, every one an item (those that name nothing the person may see then fail by
  // failUnselected); answers how many.
  async insertIdItems(tx: Tx, tenantId: string, updateId: string, ids: readonly string[]) {
    const result = await tx
      .insertInto('batch_update_items')
      .columns(['tenant_id', 'update_id', 'target_id'])
      .expression(
        tx
          .selectFrom(sql<{ f: string }>`unnest(cast(${ids} as bigint[]))`.as('f'))
          .select([
            sql<string>`cast(${tenantId} as bigint)`.as('t'),
            sql<string>`cast(${updateId} as bigint)`.as('u'),
            sql<string>`f`.as('id'),
          ]),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const total = Number(result.numInsertedOrUpdatedRows ?? 0);
    await tx.updateTable('batch_updates').set({ total }).where('id', '=', updateId).execute();
    return total;
  },

  // The items the selection does not yield fail with `message`, before any preview. An anti-join
  // (not exists), so each item is looked up by its id rather than the selection read whole.
  async failUnselected(tx: Tx, updateId: string, selected: SelectedIds, message: string) {
    await tx
      .updateTable('batch_update_items as i')
      .set({ outcome: 'failed', message })
      .where('i.update_id', '=', updateId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom(selected.as('s')).select(sql`1`.as('one')).whereRef('s.id', '=', 'i.target_id'),
          ),
        ),
      )
      .execute();
  },

  find(tx: Tx, id: string, options: { forUpdate?: boolean } = {}) {
    const query = tx.selectFrom('batch_updates as b').select(UPDATE_COLUMNS).where('b.id', '=', id);
    return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },

  // A person's own batch updates only: the items name workflows as that person saw them.
  findOwn(tx: Tx, id: string, userId: string) {
    return withNames(tx).where('b.id', '=', id).where('b.created_by', '=', userId).executeTakeFirst();
  },

  async pageOwn(tx: Tx, userId: string, page: { limit: number; offset: number }) {
    const rows = await withNames(tx)
      .where('b.created_by', '=', userId)
      .orderBy('b.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await tx
      .selectFrom('batch_updates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_by', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count.n) };
  },

  async itemsPage(
    tx: Tx,
    updateId: string,
    query: { outcome?: BatchUpdateItemOutcome | undefined; limit: number; offset: number },
    names: NameVisibility,
  ) {
    const base = tx
      .selectFrom('batch_update_items as i')
      .where('i.update_id', '=', updateId)
      .$if(query.outcome !== undefined, (q) =>
        q.where('i.outcome', '=', query.outcome as BatchUpdateItemOutcome),
      );
    const rows = await base
      .leftJoin('workflows as w', (join) =>
        join
          .onRef('w.id', '=', 'i.target_id')
          .on(names.target === 'workflows' ? names.visible : sql<SqlBool>`false`),
      )
      .leftJoin('records as r', (join) =>
        join
          .onRef('r.id', '=', 'i.target_id')
          .on(names.target === 'records' ? names.visible : sql<SqlBool>`false`),
      )
      .select([
        'i.target_id',
        'i.before',
        'i.after',
        'i.outcome',
        'i.message',
        sql<string | null>`coalesce(w.name, r.title)`.as('name'),
      ])
      .orderBy('i.target_id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(count.n) };
  },

  async pendingCount(tx: Tx, updateId: string): Promise<number> {
    const row = await tx
      .selectFrom('batch_update_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('update_id', '=', updateId)
      .where('outcome', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // The next items after the cursor, in the job's order.
  items(tx: Tx, updateId: string, afterId: string, limit: number): Promise<ItemRow[]> {
    return tx
      .selectFrom('batch_update_items')
      .select(['target_id', 'before', 'after', 'outcome', 'activity_id_after', 'revision_after'])
      .where('update_id', '=', updateId)
      .where('target_id', '>', afterId)
      .orderBy('target_id')
      .limit(limit)
      .execute() as Promise<ItemRow[]>;
  },

  async setItem(
    tx: Tx,
    updateId: string,
    targetId: string,
    values: {
      outcome: BatchUpdateItemOutcome;
      message?: string | null;
      before?: object | null;
      after?: object | null;
      activityIdAfter?: string | null;
      revisionAfter?: number | null;
    },
  ) {
    await tx
      .updateTable('batch_update_items')
      .set({
        outcome: values.outcome,
        ...(values.message !== undefined && { message: values.message }),
        ...(values.before !== undefined && { before: values.before && JSON.stringify(values.before) }),
        ...(values.after !== undefined && { after: values.after && JSON.stringify(values.after) }),
        ...(values.activityIdAfter !== undefined && { activity_id_after: values.activityIdAfter }),
        ...(values.revisionAfter !== undefined && { revision_after: values.revisionAfter }),
      })
      .where('update_id', '=', updateId)
      .where('target_id', '=', targetId)
      .execute();
  },

  // The changed items whose workflow has logged activity since the update left it (undo's check).
  async changedSince(tx: Tx, updateId: string, limit: number): Promise<string[]> {
    const rows = await tx
      .selectFrom('batch_update_items as i')
      .select('i.target_id')
      .where('i.update_id', '=', updateId)
      .where('i.outcome', '=', 'changed')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('workflow_activity as a')
            .select(sql`1`.as('one'))
            .whereRef('a.workflow_id', '=', 'i.target_id')
            .whereRef('a.id', '>', sql<string>`coalesce(i.activity_id_after, 0)`),
        ),
      )
      .orderBy('i.target_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.target_id);
  },

  // Records: the changed items whose record has another revision than the update left (or is gone).
  async recordsChangedSince(tx: Tx, updateId: string, limit: number): Promise<string[]> {
    const rows = await tx
      .selectFrom('batch_update_items as i')
      .select('i.target_id')
      .where('i.update_id', '=', updateId)
      .where('i.outcome', '=', 'changed')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('records as r')
              .select(sql`1`.as('one'))
              .whereRef('r.id', '=', 'i.target_id')
              .whereRef('r.revision', '=', 'i.revision_after'),
          ),
        ),
      )
      .orderBy('i.target_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.target_id);
  },

  async objectTypeTag(tx: Tx, objectTypeId: string): Promise<string | undefined> {
    const row = await tx
      .selectFrom('object_types')
      .select('tag')
      .where('id', '=', objectTypeId)
      .executeTakeFirst();
    return row?.tag;
  },

  async lastActivityId(tx: Tx, workflowId: string): Promise<string | null> {
    const row = await tx
      .selectFrom('workflow_activity')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('workflow_id', '=', workflowId)
      .executeTakeFirst();
    return row?.id ?? null;
  },

  // Takes the job for an attempt: `from` -> `to` (a retry also takes `to`).
  async claim(tx: Tx, id: string, from: BatchUpdateState, to: BatchUpdateState): Promise<boolean> {
    const result = await tx
      .updateTable('batch_updates')
      .set({ state: to, started_at: sql`coalesce(started_at, now())` })
      .where('id', '=', id)
      .where('state', 'in', [from, to])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async update(
    tx: Tx,
    id: string,
    values: Partial<{
      state: BatchUpdateState;
      error: string | null;
      cursor_item_id: string;
      undo_cursor_item_id: string;
      done: number;
      finished_at: Date;
      undone_at: Date;
      undone_by: string;
      requeued_at: Date;
    }>,
  ) {
    await tx.updateTable('batch_updates').set(values).where('id', '=', id).execute();
  },

  // One batch's progress, with the cursor it reached.
  async advance(
    tx: Tx,
    id: string,
    cursor: { column: 'cursor_item_id' | 'undo_cursor_item_id'; to: string },
    counts: { done: number; changed?: number; skipped?: number; failed?: number },
  ) {
    await tx
      .updateTable('batch_updates')
      .set((eb) => ({
        [cursor.column]: cursor.to,
        done: eb('done', '+', counts.done),
        changed: eb('changed', '+', counts.changed ?? 0),
        skipped: eb('skipped', '+', counts.skipped ?? 0),
        failed: eb('failed', '+', counts.failed ?? 0),
      }))
      .where('id', '=', id)
      .execute();
  },

  // Updates a dead worker left running (or a queue that never got them): the sweep hands them over.
  async activeIds(tx: Tx, limit: number) {
    const rows = await tx
      .selectFrom('batch_updates')
      .select('id')
      .where('state', 'in', ['selecting', 'queued', 'running', 'undoing'])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  // Every region and business unit of the tenant, by name (a tenant has tens of them, not thousands).
  async places(tx: Tx) {
    const [regions, units] = await Promise.all([
      tx.selectFrom('regions').select(['id', 'name', 'archived_at']).execute(),
      tx.selectFrom('business_units').select(['id', 'name', 'region_id', 'archived_at']).execute(),
    ]);
    return { regions, units };
  },
};
