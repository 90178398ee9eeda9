import { sql } from 'kysely';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';

const STATUS_COLUMNS = ['id', 'kind_id', 'tag', 'color_code'] as const;

// A status as people see it: named in the reader's language (issue 14).
const statusName = (locale: string) =>
  localizedColumn('display_name', 'display_name_translations', locale).as('display_name');

export const workflowKindsRepository = {
  // Kinds new workflows can be created of: those with a published definition.
  async page(tx: Tx, page: { limit: number; offset: number }) {
    const base = tx.selectFrom('workflow_kinds as k').where('k.current_definition_id', 'is not', null);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('workflow_definitions as d', 'd.id', 'k.current_definition_id')
        .select([
          'k.id',
          'k.tag',
          'k.name',
          'k.icon',
          'k.features',
          'k.is_sorting_field_enabled',
          'k.is_related_kind',
          'd.version',
        ])
        .orderBy(sql`lower(k.name)`)
        .orderBy('k.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  statusesOfKinds(tx: Tx, kindIds: string[], locale: string) {
    if (kindIds.length === 0) return Promise.resolve([]);
    return tx
      .selectFrom('workflow_statuses')
      .select(STATUS_COLUMNS)
      .select(statusName(locale))
      .where('kind_id', 'in', kindIds)
      .orderBy('kind_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  async statusesPage(tx: Tx, filter: { kindId?: string; locale: string; limit: number; offset: number }) {
    let base = tx.selectFrom('workflow_statuses');
    if (filter.kindId) base = base.where('kind_id', '=', filter.kindId);
    const [rows, total] = await Promise.all([
      base
        .select(STATUS_COLUMNS)
        .select(statusName(filter.locale))
        .orderBy('kind_id')
        .orderBy('position')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  // A kind's status names in other languages, by tag (issue 14: the activity log's status changes).
  statusTranslations: (tx: Tx, kindId: string) =>
    tx
      .selectFrom('workflow_statuses')
      .select(['tag', 'display_name_translations'])
      .where('kind_id', '=', kindId)
      .execute(),

  // The id of a kind's status by tag, for a workflow whose status the engine computed.
  statusIdOf: (tx: Tx, kindId: string, tag: string) =>
    tx
      .selectFrom('workflow_statuses')
      .select('id')
      .where('kind_id', '=', kindId)
      .where('tag', '=', tag)
      .executeTakeFirstOrThrow(),

  // Every status of the kinds (at least one), by tag, for creating many workflows at once.
  statusTagsOfKinds: (tx: Tx, kindIds: string[]) =>
    tx
      .selectFrom('workflow_statuses')
      .select(['id', 'kind_id', 'tag'])
      .where('kind_id', 'in', kindIds)
      .execute(),

  // The kind with its current definition, for creating workflows of it. The tenant is named as well
  // as set for row-level security: the demo seed runs this as the tables' owner.
  findCurrent(tx: Tx, tenantId: string, where: { id: string } | { tag: string }) {
    let query = tx
      .selectFrom('workflow_kinds as k')
      .where('k.tenant_id', '=', tenantId)
      .innerJoin('workflow_definitions as d', 'd.id', 'k.current_definition_id')
      .select(['k.id', 'k.tag', 'k.name', 'k.icon', 'd.id as definition_id', 'd.version']);
    query = 'id' in where ? query.where('k.id', '=', where.id) : query.where('k.tag', '=', where.tag);
    return query.executeTakeFirst();
  },
};
