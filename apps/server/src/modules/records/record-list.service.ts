import {
  COUNT_EXACT_LIMIT,
  type ObjectTypes,
  type RecordListItem,
  type RecordListQuery,
  type RecordSearchQuery,
  type RecordSearchResult,
  type RecordsPage,
  recordListColumns,
} from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { pageResponse } from '../../platform/page-response.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type CappedCount, cappedCounts, planEstimates, visibleForEstimate } from '../workflow-list/index.js';
import { hasPlaces, type LoadedObjectType, loadedObjectType, loadObjectType } from './object-types.js';
import { objectTypesRepository } from './object-types.repository.js';
import { recordVisibility } from './record-access.js';
import { policyFactor } from './record-count-estimate.js';
import { recordListRepository } from './record-list.repository.js';
import { recordListOrder, recordListWhere, titleSearch } from './record-list-where.js';
import { titleShare } from './record-title-share.js';

// GET object-types/: the published types, each with a capped count of the records the user sees
// (exact up to the list's limit, the planner's estimate above it).
export function listObjectTypes(ctx: UserContext): Promise<ObjectTypes> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const rows = await objectTypesRepository.current(tx);
    const results = [];
    for (const row of rows) {
      const type = loadedObjectType(ctx.tenant.id, row);
      const live = sql<SqlBool>`(r.object_type_id = ${type.id} and r.archived_at is null)`;
      const visible = recordVisibility(type, ctx.auth.user.id);
      // The count rule on the planner's estimate with visibility as the user's grants and the tenant
      // policy's share taken out, as the list's count (listRecords).
      const visibility = await estimateVisibility(tx, type, ctx.auth.user.id);
      const [planned = 0] = await planEstimates(tx, [
        { matches: recordListRepository.matches(tx, and(live, visibility)) },
      ]);
      const factor = planned > 0 ? await policyFactor(tx, ctx.tenant.id, type.id) : 1;
      const [{ count }] = (await cappedCounts(
        tx,
        [{ matches: recordListRepository.matches(tx, and(live, visible)) }],
        COUNT_EXACT_LIMIT,
        [planned * factor],
      )) as [CappedCount];
      results.push({
        id: Number(type.id),
        tag: type.tag,
        name: type.name,
        version: type.version,
        has_region: type.hasRegion,
        has_business_unit: type.hasBusinessUnit,
        record_count_estimate: count,
      });
    }
    return { results };
  });
}

const and = (a: Expression<SqlBool>, b: Expression<SqlBool>) => sql<SqlBool>`(${a} and ${b})`;

// GET records/:tag/: one filtered query for the page, one capped count.
export function listRecords(
  ctx: UserContext,
  request: FastifyRequest,
  tag: string,
  query: RecordListQuery,
): Promise<RecordsPage> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const userId = ctx.auth.user.id;
    const now = new Date();
    const order = recordListOrder(type, query.ordering);
    const where = recordListWhere(type, userId, query, now);
    // The count rule (cappedCount) on the planner's estimate of the same rows in a form it can
    // estimate (visibility as the user's grants). A title search: a common phrase's count is the
    // rows without it times its sampled share, and its page walks the list's order; a rare one's
    // matches are few, counted exactly (record-title-share.ts).
    const visibility = await estimateVisibility(tx, type, userId);
    const estimated = (q: RecordListQuery) =>
      recordListRepository.matches(tx, recordListWhere(type, userId, q, now, { visibility, title: 'ids' }));
    const share = query.q ? await titleShare(tx, ctx.tenant.id, type.id, query.q) : null;
    let planned = 0;
    let title: 'ids' | 'like' = 'ids';
    if (share === null) {
      planned = (await planEstimates(tx, [{ matches: estimated(query) }]))[0] ?? 0;
    } else if (share.common && share.typeShare !== null) {
      const unsearched =
        (await planEstimates(tx, [{ matches: estimated({ ...query, q: undefined }) }]))[0] ?? 0;
      planned = unsearched * share.typeShare;
      if (walksTitles(query, share.typeShare)) title = 'like';
    }
    // The tenant policy's share taken out of the planner's figure (record-count-estimate.ts).
    if (planned > 0) planned *= await policyFactor(tx, ctx.tenant.id, type.id);
    const pageWhere = title === 'like' ? recordListWhere(type, userId, query, now, { title }) : where;
    const [rows, total] = await Promise.all([
      recordListRepository.page(tx, pageWhere, order, { limit: query.limit, offset: query.offset }),
      cappedCounts(tx, [{ matches: recordListRepository.matches(tx, where) }], COUNT_EXACT_LIMIT, [planned]),
    ]);
    const columns = recordListColumns(type.definition).map((field) => field.tag);
    const results: RecordListItem[] = rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      region:
        row.region_id === null || row.region_name === null
          ? null
          : { id: Number(row.region_id), name: row.region_name },
      business_unit:
        row.business_unit_id === null || row.business_unit_name === null
          ? null
          : { id: Number(row.business_unit_id), name: row.business_unit_name },
      values: Object.fromEntries(columns.filter((c) => c in row.data).map((c) => [c, row.data[c]])),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      archived_at: row.archived_at?.toISOString() ?? null,
    }));
    const [count] = total as [CappedCount];
    return {
      ...pageResponse(request, results, count.count, { limit: query.limit, offset: query.offset }),
      count_is_estimate: count.estimate,
    };
  });
}

// A page walks the list's order when it expects to read at most this many rows to fill itself.
const TITLE_WALK_MAX_ROWS = 20_000;

// A common phrase (north, 1 title in 40) read along the list's own index, each title met tested, so
// a page reads about its rows divided by the phrase's share; search_record_titles read all 25,000
// matches and probed and sorted them (246 ms at 1M). A sort on a field reads every match either way.
function walksTitles(query: RecordListQuery, share: number): boolean {
  if (share <= 0 || query.ordering.includes('field__')) return false;
  return (query.offset + query.limit) / share <= TITLE_WALK_MAX_ROWS;
}

// Visibility as the planner can estimate it: the user's grants as lists (visibleForEstimate).
function estimateVisibility(tx: Tx, type: LoadedObjectType, userId: string): Promise<Expression<SqlBool>> {
  if (!hasPlaces(type)) return Promise.resolve(sql<SqlBool>`true`);
  return visibleForEstimate(tx, userId, {
    regionId: sql.ref('r.region_id'),
    unitId: sql.ref('r.business_unit_id'),
    everyRowHasRegion: type.hasRegion,
  });
}

// GET records/:tag/search/: the data_object picker's options, live records the user sees, by title.
export function searchRecords(
  ctx: UserContext,
  tag: string,
  query: RecordSearchQuery,
): Promise<RecordSearchResult> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const parts: Expression<SqlBool>[] = [
      sql<SqlBool>`r.object_type_id = ${type.id}`,
      sql<SqlBool>`r.archived_at is null`,
      recordVisibility(type, ctx.auth.user.id),
    ];
    if (query.q) parts.push(titleSearch(type, query.q));
    const rows = await recordListRepository.options(
      tx,
      sql<SqlBool>`(${sql.join(parts, sql` and `)})`,
      query.limit,
    );
    return { results: rows.map((row) => ({ id: Number(row.id), title: row.title })) };
  });
}
