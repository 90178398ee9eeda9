import { type BadgeChip, type BadgeIcon, localized } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// The SQL of holdings: which workflows hold which badge (workflow_badges), and the queue of
// workflows whose holdings must be evaluated again (badge_refresh_queue, filled by 0042's triggers).

const bigints = (ids: readonly string[]) => sql`cast(${`{${ids.join(',')}}`} as bigint[])`;

// One definition's rule, compiled over `workflows as w` (badge-rules.ts).
export type CompiledBadge = { id: string; kindId: string | null; predicate: RawBuilder<SqlBool> };

export const badgeAwardsRepository = {
  // Takes up to `limit` queued workflows off the queue; rows another refresh has taken are skipped.
  async claimQueued(tx: Tx, limit: number): Promise<string[]> {
    const { rows } = await sql<{ workflow_id: string }>`
      delete from badge_refresh_queue q using (
        select tenant_id, workflow_id from badge_refresh_queue order by queued_at limit ${limit}
        for update skip locked) c
      where q.tenant_id = c.tenant_id and q.workflow_id = c.workflow_id
      returning q.workflow_id`.execute(tx);
    return rows.map((r) => r.workflow_id);
  },

  // Takes one workflow off the queue, if it is there (its page asks for its badges).
  async claimOne(tx: Tx, workflowId: string): Promise<boolean> {
    const row = await tx
      .deleteFrom('badge_refresh_queue')
      .where('workflow_id', '=', workflowId)
      .returning('workflow_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  // The given workflows hold exactly the badges whose rules they match now. Two evaluations of one
  // workflow at once (the refresh, a clock walk, its page) may both award it: the second adds nothing. `only` limits it to
  // one definition (a rule change's walk), leaving the workflows' other badges as they are.
  async award(tx: Tx, workflowIds: readonly string[], badges: readonly CompiledBadge[], only?: string) {
    if (workflowIds.length === 0) return;
    const ids = bigints(workflowIds);
    const scope = only === undefined ? sql`` : sql` and badge_id = ${only}`;
    await sql`delete from workflow_badges where workflow_id = any (${ids})${scope}`.execute(tx);
    for (const badge of badges) {
      const kind = badge.kindId === null ? sql`` : sql` and w.kind_id = ${badge.kindId}`;
      await sql`insert into workflow_badges (tenant_id, badge_id, workflow_id)
        select w.tenant_id, cast(${badge.id} as bigint), w.id from workflows w
        where w.id = any (${ids})${kind} and ${badge.predicate}
        order by w.id
        on conflict do nothing`.execute(tx);
    }
  },

  // The next workflows of a rule change's walk, in id order after `cursor`.
  // `kindId` limits it to one kind's workflows (a clock walk over a kind's badge).
  async workflowsAfter(
    tx: Tx,
    cursor: string,
    limit: number,
    kindId: string | null = null,
  ): Promise<string[]> {
    let query = tx.selectFrom('workflows').select('id').where('id', '>', cursor);
    if (kindId !== null) query = query.where('kind_id', '=', kindId);
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  },

  async advanceRecompute(tx: Tx, badgeId: string, cursor: string, done: number, finished: boolean) {
    await tx
      .updateTable('badge_definitions')
      .set({ recompute_cursor: cursor, recompute_done: done, ...(finished ? { recompute_total: null } : {}) })
      .where('id', '=', badgeId)
      .execute();
  },

  async pendingRecomputes(tx: Tx) {
    return tx
      .selectFrom('badge_definitions')
      .select(['id', 'recompute_cursor', 'recompute_done'])
      .where('recompute_total', 'is not', null)
      .orderBy('id')
      .execute();
  },

  async hasWork(tx: Tx): Promise<boolean> {
    const { rows } = await sql<{ work: boolean }>`select exists (select 1 from badge_refresh_queue)
      or exists (select 1 from badge_definitions where recompute_total is not null) as work`.execute(tx);
    return rows[0]?.work === true;
  },

  async isHeld(tx: Tx, badgeId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('workflow_badges')
      .select('workflow_id')
      .where('badge_id', '=', badgeId)
      .executeTakeFirst();
    return row !== undefined;
  },

  // The live badges of the given workflows, in tag order, labelled in the reader's language (their
  // translation, else the default label): the list's, the task rows' and the page's chips.
  async chipsOf(tx: Tx, workflowIds: readonly string[], locale: string): Promise<Map<string, BadgeChip[]>> {
    const chips = new Map<string, BadgeChip[]>();
    if (workflowIds.length === 0) return chips;
    const rows = await tx
      .selectFrom('workflow_badges as wb')
      .innerJoin('badge_definitions as d', (join) =>
        join.onRef('d.tenant_id', '=', 'wb.tenant_id').onRef('d.id', '=', 'wb.badge_id'),
      )
      .select(['wb.workflow_id', 'd.tag', 'd.label', 'd.label_translations', 'd.colour', 'd.icon'])
      .where(sql<SqlBool>`wb.workflow_id = any (${bigints(workflowIds)})`)
      .where('d.archived_at', 'is', null)
      .orderBy('d.tag')
      .execute();
    for (const row of rows) {
      const list = chips.get(row.workflow_id) ?? [];
      const label = localized(row.label, row.label_translations, locale);
      list.push({ tag: row.tag, label, colour: row.colour, icon: row.icon as BadgeIcon });
      chips.set(row.workflow_id, list);
    }
    return chips;
  },
};
