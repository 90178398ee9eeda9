import type { FilterAttribute } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import { BadRequestError } from '../../platform/errors.js';

// GET workflows/ ordering: a workflow column or an answer (field__<field_tag>), '-' descending.
// Ties break on id in the same direction, so pages never overlap. Rows without the answer come last.
export type ListOrdering = {
  descending: boolean;
  expr: RawBuilder<unknown>;
  // Set when ordering by an answer: the field tag the list joins as `o`.
  answerFieldTag: string | null;
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
  const column = COLUMNS[key];
  if (column) return { descending, expr: column, answerFieldTag: null };
  const attribute = catalogue.get(key);
  if (attribute?.source.kind !== 'field') {
    throw new BadRequestError(`ordering: '${key}' is not a column or a field of the listed kinds.`, {
      ordering: ['invalidOrdering'],
    });
  }
  const projection =
    attribute.type === 'integer' || attribute.type === 'decimal' || attribute.type === 'user'
      ? sql`o.number_value`
      : attribute.type === 'date' || attribute.type === 'naive_date'
        ? sql`o.date_value`
        : sql`o.text_value`;
  return { descending, expr: projection, answerFieldTag: attribute.source.field_tag };
}

export function orderBySql(ordering: ListOrdering): RawBuilder<unknown> {
  const direction = ordering.descending ? sql`desc` : sql`asc`;
  return sql`${ordering.expr} ${direction} nulls last, w.id ${direction}`;
}
