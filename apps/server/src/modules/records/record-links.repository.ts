import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { placeGrantFilter } from '../workflows/index.js';

// Links between records (plan §1.4, record_links): the record page's "related records" tab, both ways
// (the unique key serves the source side, record_links_to_idx the other), and link or unlink.

type RecordsAndTypes = ExpressionBuilder<
  Database & { r: Database['records']; t: Database['object_types'] },
  'r' | 't'
>;

// The other record of a link, by its own type's rule (record-access.ts, written over the type's
// columns since each row may be of another type): a type with places only to a grant on the
// record's place; archived and unpublished types not at all, as their pages answer 404.
function otherRecordVisible(userId: string) {
  return (eb: RecordsAndTypes) =>
    eb.and([
      eb('t.archived_at', 'is', null),
      eb('t.current_version_id', 'is not', null),
      eb.or([
        eb.and([eb('t.has_region', '=', false), eb('t.has_business_unit', '=', false)]),
        placeGrantFilter(userId, eb.ref('r.region_id'), eb.ref('r.business_unit_id')),
      ]),
    ]);
}

type Direction = 'outgoing' | 'incoming';

function side(tx: Tx, direction: Direction, recordId: string, userId: string, relation?: string) {
  const [mine, other] =
    direction === 'outgoing'
      ? (['l.from_record_id', 'l.to_record_id'] as const)
      : (['l.to_record_id', 'l.from_record_id'] as const);
  let query = tx
    .selectFrom('record_links as l')
    .innerJoin('records as r', (join) =>
      join.onRef('r.tenant_id', '=', 'l.tenant_id').onRef('r.id', '=', other),
    )
    .innerJoin('object_types as t', (join) =>
      join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.object_type_id'),
    )
    .select([
      'l.id as link_id',
      'l.relation_tag',
      'l.created_at as linked_at',
      'r.id',
      'r.title',
      'r.archived_at',
      't.tag as type_tag',
      't.name as type_name',
      sql<Direction>`${sql.lit(direction)}::text`.as('direction'),
    ])
    .where(mine, '=', recordId)
    .where(otherRecordVisible(userId));
  if (relation !== undefined) query = query.where('l.relation_tag', '=', relation);
  return query;
}

function related(tx: Tx, recordId: string, userId: string, relation?: string) {
  return side(tx, 'outgoing', recordId, userId, relation)
    .unionAll(side(tx, 'incoming', recordId, userId, relation))
    .as('x');
}

export type RelatedRecordRow = Awaited<ReturnType<typeof recordLinksRepository.page>>[number];

export const recordLinksRepository = {
  // One page of the records linked to or from the record that the user may see, newest link first.
  page: (
    tx: Tx,
    recordId: string,
    userId: string,
    page: { limit: number; offset: number; relation?: string | undefined },
  ) =>
    tx
      .selectFrom(related(tx, recordId, userId, page.relation))
      .selectAll()
      .orderBy('linked_at', 'desc')
      .orderBy('link_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),

  count: async (tx: Tx, recordId: string, userId: string, relation?: string) => {
    const row = await tx
      .selectFrom(related(tx, recordId, userId, relation))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // A record of any type, when the user may see it: what a link's target is checked against.
  visibleRecord: (tx: Tx, recordId: string, userId: string) =>
    tx
      .selectFrom('records as r')
      .innerJoin('object_types as t', (join) =>
        join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.object_type_id'),
      )
      .select([
        'r.id',
        'r.title',
        'r.archived_at',
        'r.object_type_id',
        't.tag as type_tag',
        't.name as type_name',
      ])
      .where('r.id', '=', recordId)
      .where(otherRecordVisible(userId))
      .executeTakeFirst(),

  // How many records the record links to by one relation (a relation with many: false holds one).
  outgoingCount: async (tx: Tx, recordId: string, relationTag: string) => {
    const row = await tx
      .selectFrom('record_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('from_record_id', '=', recordId)
      .where('relation_tag', '=', relationTag)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // undefined when the same link exists (the unique key decides, never a read-then-write).
  insert: (
    tx: Tx,
    link: { tenantId: string; relationTag: string; fromRecordId: string; toRecordId: string; userId: string },
  ) =>
    tx
      .insertInto('record_links')
      .values({
        tenant_id: link.tenantId,
        relation_tag: link.relationTag,
        from_record_id: link.fromRecordId,
        to_record_id: link.toRecordId,
        created_by: link.userId,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst(),

  // A link the record takes part in, either way.
  ofRecord: (tx: Tx, linkId: string, recordId: string) =>
    tx
      .selectFrom('record_links')
      .select(['id', 'relation_tag', 'from_record_id', 'to_record_id'])
      .where('id', '=', linkId)
      .where((eb) => eb.or([eb('from_record_id', '=', recordId), eb('to_record_id', '=', recordId)]))
      .forUpdate()
      .executeTakeFirst(),

  delete: (tx: Tx, linkId: string) => tx.deleteFrom('record_links').where('id', '=', linkId).execute(),
};
