import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { likePattern } from '../workflow-list/index.js';

// A definition's count of holders is exact up to this, then shown as "N+" (spec 2 §9.2 overflowCount):
// a badge a million workflows hold is not counted on every page of the settings list.
export const HOLDERS_COUNT_CAP = 10_000;

const COLUMNS = [
  'id',
  'tag',
  'label',
  'label_translations',
  'colour',
  'icon',
  'kind_id',
  'rule',
  'archived_at',
  'updated_at',
  'recompute_done',
  'recompute_total',
] as const;

export type BadgeDefinitionRow = {
  id: string;
  tag: string;
  label: string;
  label_translations: Record<string, string>;
  colour: string;
  icon: string;
  kind_id: string | null;
  rule: Record<string, unknown>;
  archived_at: Date | null;
  updated_at: Date;
  recompute_done: number;
  recompute_total: number | null;
};

export type BadgeDefinitionValues = {
  label: string;
  label_translations: Record<string, string>;
  colour: string;
  icon: string;
  kind_id: string | null;
  rule: Record<string, unknown>;
};

export const badgesRepository = {
  async page(tx: Tx, filter: { q?: string; archived: boolean; limit: number; offset: number }) {
    let query = tx
      .selectFrom('badge_definitions')
      .where('archived_at', filter.archived ? 'is not' : 'is', null);
    if (filter.q) {
      const pattern = likePattern(filter.q.toLowerCase());
      query = query.where((eb) =>
        eb.or([eb(sql<string>`lower(label)`, 'like', pattern), eb('tag', 'like', pattern)]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .select(COLUMNS)
        .orderBy(sql`lower(label)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as BadgeDefinitionRow[], count: Number(total.count) };
  },

  async find(tx: Tx, id: string): Promise<BadgeDefinitionRow | undefined> {
    const row = await tx
      .selectFrom('badge_definitions')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row as BadgeDefinitionRow | undefined;
  },

  async tagTaken(tx: Tx, tag: string): Promise<boolean> {
    const row = await tx
      .selectFrom('badge_definitions')
      .select('id')
      .where('tag', '=', tag)
      .executeTakeFirst();
    return row !== undefined;
  },

  async liveCount(tx: Tx): Promise<number> {
    const row = await tx
      .selectFrom('badge_definitions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  // The live definitions, whose rules the refresh evaluates.
  async live(tx: Tx): Promise<BadgeDefinitionRow[]> {
    const rows = await tx
      .selectFrom('badge_definitions')
      .select(COLUMNS)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows as BadgeDefinitionRow[];
  },

  async create(
    tx: Tx,
    tenantId: string,
    createdBy: string,
    tag: string,
    values: BadgeDefinitionValues,
  ): Promise<string> {
    const row = await tx
      .insertInto('badge_definitions')
      .values({
        tenant_id: tenantId,
        tag,
        ...values,
        label_translations: JSON.stringify(values.label_translations),
        rule: JSON.stringify(values.rule),
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    tx: Tx,
    id: string,
    values: Partial<BadgeDefinitionValues> & { archived_at?: Date | null },
  ): Promise<void> {
    const { label_translations, rule, ...rest } = values;
    await tx
      .updateTable('badge_definitions')
      .set({
        ...rest,
        ...(label_translations ? { label_translations: JSON.stringify(label_translations) } : {}),
        ...(rule ? { rule: JSON.stringify(rule) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  },

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.deleteFrom('badge_definitions').where('id', '=', id).execute();
  },

  // Holders per definition of a page, each capped at HOLDERS_COUNT_CAP + 1.
  async holderCounts(tx: Tx, ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ id: string; count: string }>`
      select d.id, (select count(*) from (select 1 from workflow_badges wb
        where wb.tenant_id = d.tenant_id and wb.badge_id = d.id limit ${HOLDERS_COUNT_CAP + 1}) held) as count
      from badge_definitions d where d.id = any (cast(${`{${ids.join(',')}}`} as bigint[]))`.execute(tx);
    return new Map(rows.map((r) => [r.id, Number(r.count)]));
  },

  async kindExists(tx: Tx, kindId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('workflow_kinds')
      .select('id')
      .where('id', '=', kindId)
      .executeTakeFirst();
    return row !== undefined;
  },

  // A rule changed: the walk over the tenant's workflows starts again from the first.
  async startRecompute(tx: Tx, id: string): Promise<void> {
    const total = await tx
      .selectFrom('workflows')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('badge_definitions')
      .set({ recompute_cursor: '0', recompute_done: 0, recompute_total: Number(total.count) })
      .where('id', '=', id)
      .execute();
  },
};
