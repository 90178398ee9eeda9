import { COUNT_EXACT_LIMIT } from '@attest/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import type { CappedCount } from './capped-count.repository.js';
import { countVisibleMatches } from './counts.repository.js';
import type { KeptCountScope } from './kept-counts.repository.js';
import { idOrderSql, type ListOrdering, orderBySql } from './list-ordering.js';

export type ListRow = {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  progress: number;
  status_id: string;
  kind_id: string;
  definition_id: string;
  region_id: string;
  business_unit_id: string | null;
  parent_id: string | null;
  created_by: string | null;
  test_environment: TestEnvironment | null;
  sort_value: string | null;
};

// The tenant's workflows the user may see that match `where`: what every form of the list reads.
export function listedWorkflows(tx: Tx, tenantId: string, userId: string, where: RawBuilder<SqlBool>) {
  return tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', tenantId)
    .where(visibleWorkflowsFilter(userId))
    .where(where);
}

// The columns a list item (list-items.ts) is made from.
export const LIST_COLUMNS = [
  'w.id',
  'w.name',
  'w.created_at',
  'w.updated_at',
  'w.progress',
  'w.status_id',
  'w.kind_id',
  'w.definition_id',
  'w.region_id',
  'w.business_unit_id',
  'w.parent_id',
  'w.created_by',
  'w.test_environment',
] as const;

type Scope = { tenantId: string; userId: string; where: RawBuilder<SqlBool>; ordering: ListOrdering };
type Window = { limit: number; offset: number };

// Ordered by an answer: first the rows that hold it, walked along the answer projection's index
// (tenant_id, field_tag, value, workflow_id) so a page costs its own rows even at a million
// workflows; then, past them, the rows without it in id order. The same order as a left join with
// NULLS LAST, without sorting every match.
async function pageByAnswer(tx: Tx, scope: Scope, page: Window): Promise<ListRow[]> {
  const { ordering } = scope;
  const tag = ordering.answerFieldTag as string;
  const column = ordering.answerColumn ?? 'text_value';
  const answered = await listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
    .innerJoin('workflow_responses as o', (join) =>
      join
        .onRef('o.tenant_id', '=', 'w.tenant_id')
        .onRef('o.workflow_id', '=', 'w.id')
        .on('o.field_tag', '=', tag)
        .on('o.is_current', '=', true),
    )
    .where(sql.ref(`o.${column}`), 'is not', null)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`cast(${ordering.expr} as text)`.as('sort_value'))
    .orderBy(orderBySql(ordering))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (answered.length === page.limit) return answered as ListRow[];
  // How many answered rows precede the unanswered ones: known from this page unless it was empty.
  const answeredTotal =
    answered.length > 0 || page.offset === 0
      ? page.offset + answered.length
      : Number(
          (
            await listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
              .where(hasAnswer(tag, column))
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const unanswered = await listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
    .where(sql<SqlBool>`not ${hasAnswer(tag, column)}`)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`null`.as('sort_value'))
    .orderBy(idOrderSql(ordering))
    .limit(page.limit - answered.length)
    .offset(Math.max(0, page.offset - answeredTotal))
    .execute();
  return [...answered, ...unanswered] as ListRow[];
}

function hasAnswer(tag: string, column: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from workflow_responses o where o.tenant_id = w.tenant_id
    and o.workflow_id = w.id and o.field_tag = ${tag} and o.is_current and ${sql.ref(`o.${column}`)} is not null)`;
}

// A page's rows, found as ids first (`ids`: a query of the page's workflow ids), in the list's order.
export async function pageRowsOf(
  tx: Tx,
  scope: { tenantId: string; ordering: ListOrdering },
  ids: Expression<unknown>,
): Promise<ListRow[]> {
  const rows = await tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where(sql<SqlBool>`w.id in (${ids})`)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`null`.as('sort_value'))
    .orderBy(orderBySql(scope.ordering))
    .execute();
  return rows as ListRow[];
}

// From this offset on, a page is found as ids first (pageIds).
export const DEEP_PAGE_OFFSET = 500;

// A deep page (offset DEEP_PAGE_OFFSET or more): the offset walks only the ids, which an index in
// the list's order holding what the filters read serves index-only (a kind's newest: migration
// 0033's workflows_kind_created_cover_idx), then the page's own rows are read by id, in the same
// order. The same rows as one query: the same filters, order and window pick the ids. At 1M, page
// 500 of a kind read 10,000 heap rows (8,563 buffers) for the 20 it kept; now 1,519 buffers.
function pageIds(tx: Tx, scope: Scope, page: Window) {
  return listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
    .select('w.id')
    .orderBy(orderBySql(scope.ordering))
    .limit(page.limit)
    .offset(page.offset);
}

// One page of the visible workflows matching `where`, in `ordering`.
// `deepOffset`: where pageIds takes over (tests compare both forms on small tenants).
export async function listPage(
  tx: Tx,
  scope: Scope,
  page: Window,
  deepOffset = DEEP_PAGE_OFFSET,
): Promise<ListRow[]> {
  if (scope.ordering.answerFieldTag) return pageByAnswer(tx, scope, page);
  if (page.offset >= deepOffset) return pageRowsOf(tx, scope, pageIds(tx, scope, page));
  const rows = await listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`null`.as('sort_value'))
    .orderBy(orderBySql(scope.ordering))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows as ListRow[];
}

// The list's count: the count rule (counts.repository.ts, capped-count.repository.ts).
export function countMatches(
  tx: Tx,
  scope: { tenantId: string; userId: string; where: RawBuilder<SqlBool>; kept?: KeptCountScope },
  exactLimit = COUNT_EXACT_LIMIT,
): Promise<CappedCount> {
  return countVisibleMatches(tx, scope, exactLimit);
}

// One page and the number of rows it was picked from (`count(*) over ()`, taken before the window),
// for matches read whole anyway: a rare name search's ids (name-search.ts), all probed to be
// sorted. `total` is null when the page is empty (an offset past them): the caller counts then.
export async function listPageCounted(
  tx: Tx,
  scope: Scope,
  page: Window,
): Promise<{ rows: ListRow[]; total: number | null }> {
  const rows = await listedWorkflows(tx, scope.tenantId, scope.userId, scope.where)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`null`.as('sort_value'))
    .select(sql<string>`count(*) over ()`.as('total_count'))
    .orderBy(orderBySql(scope.ordering))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = rows[0] ? Number(rows[0].total_count) : null;
  return { rows: rows.map(({ total_count: _, ...row }) => row) as ListRow[], total };
}
