import type { FilterAttribute } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import { BadRequestError } from '../../platform/errors.js';

// GET workflows/ ordering: a workflow column or an answer (field__<field_tag>), '-' descending.
// Ties break on id in the same direction, so pages never overlap. Rows without the answer come last.
export type ListOrdering = {
  descending: boolean;
  expr: RawBuilder<unknown>;
  // Set when ordering by an answer: the field tag the list joins as `o`, and its projection.
  answerFieldTag: string | null;
  answerColumn?: 'number_value' | 'date_value' | 'text_value';
};

const COLUMNS: Record<string, RawBuilder<unknown>> = {
  name: sql`w.name`,
  created_at: sql`w.created_at`,
  updated_at: sql`w.updated_at`,
  // Statuses are numbered in definition order when a kind is published.
  status: sql`w.status_id`,
  progress: sql`w.progress`,
  id: sql`w.id`,
};

export function listOrdering(ordering: string, catalogue: Map<string, FilterAttribute>): ListOrdering {
  const descending = ordering.startsWith('-');
  const key = descending ? ordering.slice(1) : ordering;
  const fixed = COLUMNS[key];
  if (fixed) return { descending, expr: fixed, answerFieldTag: null };
  const attribute = catalogue.get(key);
  if (attribute?.source.kind !== 'field') {
    throw new BadRequestError(`ordering: '${key}' is not a column or a field of the listed kinds.`, {
      ordering: ['invalidOrdering'],
    });
  }
  const column =
    attribute.type === 'integer' || attribute.type === 'decimal' || attribute.type === 'user'
      ? 'number_value'
      : attribute.type === 'date' || attribute.type === 'naive_date'
        ? 'date_value'
        : 'text_value';
  return {
    descending,
    expr: sql.ref(`o.${column}`),
    answerColumn: column,
    answerFieldTag: attribute.source.field_tag,
  };
}

// Workflow columns are never null: no NULLS clause, so the (tenant_id, [kind_id,] column, id) indexes
// serve the order in both directions. An answer's projection is ordered only over the rows that hold
// it (list.repository.ts puts the rest after them).
export function orderBySql(ordering: ListOrdering): RawBuilder<unknown> {
  const direction = ordering.descending ? sql`desc` : sql`asc`;
  return sql`${ordering.expr} ${direction}, w.id ${direction}`;
}

export function idOrderSql(ordering: ListOrdering): RawBuilder<unknown> {
  return ordering.descending ? sql`w.id desc` : sql`w.id asc`;
}
