import {
  type AttributeType,
  type FilterCondition,
  type FilterOperator,
  type FilterValue,
  parseFilterDate,
  startOfDayStamp,
  toFilterStamp,
  withinLastToRange,
  withinNextToRange,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

// How one SQL expression is compared: its values are cast to the expression's kind, always as
// parameters. 'list' is a jsonb array answer (multi choice, tags): eq/in test membership.
export type ValueKind = 'text' | 'number' | 'id' | 'instant' | 'day' | 'boolean' | 'list';

// The operator a negated one tests for; the caller wraps the result in NOT, so "not equal to X"
// also holds where there is no value at all (a missing answer, a step the workflow lacks).
const POSITIVE: Partial<Record<FilterOperator, FilterOperator>> = {
  not_eq: 'eq',
  not_in: 'in',
  not_contains: 'contains',
  is_empty: 'is_set',
};

export function splitNegation(operator: FilterOperator): { positive: FilterOperator; negated: boolean } {
  const positive = POSITIVE[operator];
  return positive ? { positive, negated: true } : { positive: operator, negated: false };
}

// LIKE treats % _ and \ as special: a person's '50%' matches the text '50%', nothing more.
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function asBoolean(value: unknown): boolean {
  return value === true || value === 'true';
}

export function castValue(kind: ValueKind, value: unknown): RawBuilder<unknown> {
  switch (kind) {
    // double precision, not numeric: its comparisons are LEAKPROOF, so under row-level security an
    // answer's number index still serves the condition (migration 0011).
    case 'number':
      return sql`cast(${String(value)} as double precision)`;
    case 'id':
      return sql`cast(${String(value)} as bigint)`;
    case 'instant':
      return sql`cast(${String(value)} as timestamptz)`;
    // A day column compared with a stamp: the stamp's UTC day.
    case 'day':
      return sql`cast((cast(${String(value)} as timestamptz) at time zone 'UTC') as date)`;
    case 'boolean':
      return sql`cast(${asBoolean(value)} as boolean)`;
    default:
      return sql`cast(${String(value)} as text)`;
  }
}

// A date picked for an instant column (created_at, a step's completed_at…) arrives as its
// start-of-day UTC stamp (spec 1 §5) and means the whole day: 'after D' starts the next day and
// 'up to D' ends with it. Comparing with instants keeps the column's index usable.
function isStartOfDay(value: unknown): boolean {
  const date = parseFilterDate(String(value));
  return date !== null && startOfDayStamp(date) === toFilterStamp(date);
}
function dayAfter(value: unknown): RawBuilder<unknown> {
  return sql`(${castValue('instant', value)} + interval '1 day')`;
}

function values(value: FilterValue | undefined): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

// The predicate of a positive operator (eq, in, contains, is_set, ordering, range) on `expr`.
// is_within_last has been turned into a range by the caller.
export function positivePredicate(
  expr: RawBuilder<unknown>,
  kind: ValueKind,
  operator: FilterOperator,
  value: FilterValue | undefined,
): RawBuilder<SqlBool> {
  const items = values(value);
  const first = items[0];
  switch (operator) {
    case 'is_set':
      return kind === 'list'
        ? sql<SqlBool>`(${expr} is not null and jsonb_array_length(${expr}) > 0)`
        : sql<SqlBool>`${expr} is not null`;
    case 'eq':
      // An instant equals a day when it falls on that UTC day: a range of instants, so the column's
      // index serves it (under row-level security too: no function is applied to the column).
      if (kind === 'instant') {
        const start = sql`(cast(${castValue('day', first)} as timestamp) at time zone 'UTC')`;
        return sql<SqlBool>`(${expr} >= ${start} and ${expr} < ${start} + interval '1 day')`;
      }
      if (kind === 'list') return sql<SqlBool>`${expr} @> ${JSON.stringify([String(first)])}::jsonb`;
      return sql<SqlBool>`${expr} = ${castValue(kind, first)}`;
    case 'in':
      if (kind === 'list') {
        return sql<SqlBool>`${expr} ?| cast(${items.map(String)} as text[])`;
      }
      return sql<SqlBool>`${expr} in (${sql.join(items.map((item) => castValue(kind, item)))})`;
    case 'contains':
      return sql<SqlBool>`cast(${expr} as text) ilike ${likePattern(String(first))}`;
    case 'gt':
      if (kind === 'instant' && isStartOfDay(first)) return sql<SqlBool>`${expr} >= ${dayAfter(first)}`;
      return sql<SqlBool>`${expr} > ${castValue(kind, first)}`;
    case 'gte':
      return sql<SqlBool>`${expr} >= ${castValue(kind, first)}`;
    case 'lt':
      return sql<SqlBool>`${expr} < ${castValue(kind, first)}`;
    case 'lte':
      if (kind === 'instant' && isStartOfDay(first)) return sql<SqlBool>`${expr} < ${dayAfter(first)}`;
      return sql<SqlBool>`${expr} <= ${castValue(kind, first)}`;
    case 'range': {
      const upper =
        kind === 'instant' && isStartOfDay(items[1])
          ? sql<SqlBool>`${expr} < ${dayAfter(items[1])}`
          : sql<SqlBool>`${expr} <= ${castValue(kind, items[1])}`;
      return sql<SqlBool>`(${expr} >= ${castValue(kind, items[0])} and ${upper})`;
    }
    default:
      throw new Error(`No predicate for ${operator}`);
  }
}

// The operator a condition tests and its value, is_within_last turned into its range. Call only
// with a condition validateConditionGroup accepted.
export function resolveCondition(condition: FilterCondition, now: Date) {
  const operator = condition.operator;
  if (!operator) throw new Error('An unvalidated condition reached the compiler.');
  const { positive, negated } = splitNegation(operator);
  if (positive !== 'is_within_last' && positive !== 'is_within_next') {
    return { operator, positive, negated, value: condition.value };
  }
  const toRange = positive === 'is_within_last' ? withinLastToRange : withinNextToRange;
  const range = toRange(String(condition.value), now);
  if (!range) throw new Error('An unvalidated period reached the compiler.');
  return { operator, positive: 'range' as const, negated, value: range };
}

// The typed column of an answer row (workflow_responses, record_values: both filled by
// answerSearchColumns) a field's type compares on, given the row's `column(name)` and its list
// answer as a jsonb array. Membership tests the list; contains searches the items' text.
export function typedAnswerColumn(
  type: AttributeType,
  operator: FilterCondition['operator'],
  column: (name: 'number_value' | 'date_value' | 'text_value') => RawBuilder<unknown>,
  list: RawBuilder<unknown>,
): { expr: RawBuilder<unknown>; kind: ValueKind } {
  switch (type) {
    case 'integer':
    case 'decimal':
    case 'user':
      return { expr: column('number_value'), kind: 'number' };
    case 'date':
    case 'naive_date':
      return { expr: column('date_value'), kind: 'day' };
    case 'boolean':
      return { expr: sql`(${column('text_value')} = 'true')`, kind: 'boolean' };
    case 'multi_choice':
    case 'badge_tags':
    case 'array':
      return operator === 'contains' || operator === 'not_contains'
        ? { expr: column('text_value'), kind: 'text' }
        : { expr: list, kind: 'list' };
    default:
      return { expr: column('text_value'), kind: 'text' };
  }
}
