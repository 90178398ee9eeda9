import {
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
import { withTenant } from '../../platform/tenant-transaction.js';
import { cappedCount } from '../workflow-list/index.js';
import { loadedObjectType, loadObjectType } from './object-types.js';
import { objectTypesRepository } from './object-types.repository.js';
import { recordVisibility } from './record-access.js';
import { recordListRepository } from './record-list.repository.js';
import { recordListOrder, recordListWhere, titleSearch } from './record-list-where.js';

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
      const { count } = await cappedCount(tx, recordListRepository.matches(tx, and(live, visible)));
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
    const where = recordListWhere(type, ctx.auth.user.id, query, new Date());
    const order = recordListOrder(type, query.ordering);
    const [rows, total] = await Promise.all([
      recordListRepository.page(tx, where, order, { limit: query.limit, offset: query.offset }),
      cappedCount(tx, recordListRepository.matches(tx, where)),
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
    return pageResponse(request, results, total.count, { limit: query.limit, offset: query.offset });
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
