import {
  type FilterAttribute,
  objectFieldByTag,
  type RecordListQuery,
  recordCatalogueIndex,
  validateConditionGroup,
} from '@attest/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { BadRequestError, DetailedBadRequestError } from '../../platform/errors.js';
import { likePattern } from '../workflow-list/index.js';
import { compileRecordConditionGroup } from './compile-record-filters.js';
import type { LoadedObjectType } from './object-types.js';
import { recordVisibility } from './record-access.js';

// The records list's where-clause and order over `records as r` (plan §3.1): the type, archived or
// not, the place filters, the title search, visibility (§1.3) and the advanced filters. Every value is
// a parameter; tags are checked against the type first.

// Title search (q) through search_record_titles (migration 0034), a security definer function: under
// row-level security LIKE cannot use the trigram index, as search_workflow_names for the workflow
// list. Its ids are joined back under the policy and the visibility rule.
export function titleSearch(type: LoadedObjectType, q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.id in (select search_record_titles(${q.toLowerCase()}, ${type.id}))`;
}

// The advanced filters checked with the shared validator against the type's catalogue: 400 with every
// problem, never a condition silently dropped (as the workflow list).
function advancedFilters(type: LoadedObjectType, query: RecordListQuery, now: Date) {
  const filters = query.advanced_filters;
  if (!filters || (filters.conditions.length === 0 && filters.groups.length === 0)) return undefined;
  const catalogue: Map<string, FilterAttribute> = recordCatalogueIndex(type.definition);
  const { problems } = validateConditionGroup(filters, catalogue);
  const first = problems[0];
  if (first) {
    throw new DetailedBadRequestError(
      'invalid_filter',
      `advanced_filters: ${first.key} at '${first.path}'.`,
      {
        problems,
      },
    );
  }
  return compileRecordConditionGroup(filters, catalogue, now);
}

// The same rows in a form the planner can estimate (the count rule, cappedCount): visibility as the
// user's grants in lists (visibleForEstimate) instead of its correlated EXISTS, which the planner
// takes as 3 rows in 4 whatever the grants (750,026 for 1,000,000 records seen in full), and the title
// search as the LIKE the function runs, which its expression statistics estimate (the function's
// ids are taken as 1,000 rows whatever the phrase).
export type RecordWhereForm = { visibility?: Expression<SqlBool>; title: 'ids' | 'like' };

// Title search as `lower(r.title) like`, tested on the rows met along the list's order: the rows of
// search_record_titles (the same pattern, tenant and type), without reading every match first.
export function titleLike(q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(r.title) like ${likePattern(q.toLowerCase())}`;
}

export function recordListWhere(
  type: LoadedObjectType,
  userId: string,
  query: RecordListQuery,
  now: Date,
  form?: RecordWhereForm,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`r.object_type_id = ${type.id}`,
    query.archived ? sql<SqlBool>`r.archived_at is not null` : sql<SqlBool>`r.archived_at is null`,
  ];
  if (query.region__in?.length) {
    parts.push(
      sql<SqlBool>`r.region_id in (${sql.join(query.region__in.map((id) => sql`${String(id)}::bigint`))})`,
    );
  }
  if (query.business_unit__in?.length) {
    parts.push(
      sql<SqlBool>`r.business_unit_id in (${sql.join(query.business_unit__in.map((id) => sql`${String(id)}::bigint`))})`,
    );
  }
  if (query.q) parts.push(form?.title === 'like' ? titleLike(query.q) : titleSearch(type, query.q));
  parts.push(form?.visibility ?? recordVisibility(type, userId));
  const filters = advancedFilters(type, query, now);
  if (filters) parts.push(filters);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

// The sort keys of an ordering, the id last so every page is stable. A field's value is read from
// record_values in the column its type compares on; records without one come last.
export function recordListOrder(type: LoadedObjectType, ordering: string): RawBuilder<unknown>[] {
  const descending = ordering.startsWith('-');
  const name = descending ? ordering.slice(1) : ordering;
  const direction = descending ? sql`desc` : sql`asc`;
  const id = sql`r.id ${direction}`;
  if (name === 'title') return [sql`lower(r.title) ${direction}`, id];
  if (name === 'created_at' || name === 'updated_at') return [sql`${sql.ref(`r.${name}`)} ${direction}`, id];
  if (name === 'id') return [id];
  const tag = name.slice('field__'.length);
  const field = objectFieldByTag(type.definition, tag);
  if (!field) {
    throw new BadRequestError(`ordering: The object type '${type.tag}' has no field '${tag}'.`, {
      ordering: [`The object type '${type.tag}' has no field '${tag}'.`],
    });
  }
  const column = ['integer', 'decimal', 'slider', 'rating', 'currency'].includes(field.type)
    ? sql`rv.number_value`
    : field.type === 'date' || field.type === 'naive_date'
      ? sql`rv.date_value`
      : sql`lower(rv.text_value)`;
  const value = sql`(select ${column} from record_values rv
    where rv.tenant_id = r.tenant_id and rv.record_id = r.id and rv.field_tag = ${tag})`;
  return [sql`${value} ${direction} nulls last`, id];
}
