import type { Aggregation, ReportDataType, ReportOperation } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { reportError } from './report-errors.js';

// One operation of §3.8 (count, sum, min, max, avg, median) as an aggregate over the columns of the
// inner query `b`. `column` gives the inner column of a source path (adding it when first met).
export type ColumnOf = (path: string) => {
  ref: RawBuilder<unknown>;
  dataType: ReportDataType;
  label: string;
};

export type CompiledAggregate = { expr: RawBuilder<unknown>; dataType: ReportDataType; label: string };

const NUMERIC: readonly ReportDataType[] = ['number', 'duration'];
const ORDERED: readonly ReportDataType[] = ['number', 'duration', 'date', 'text'];

const NAMES: Record<Exclude<Aggregation, 'count'>, string> = {
  sum: 'Sum',
  min: 'Minimum',
  max: 'Maximum',
  avg: 'Average',
  median: 'Median',
};

function aggregateOf(
  fn: Aggregation,
  ref: RawBuilder<unknown>,
  dataType: ReportDataType,
  where: RawBuilder<SqlBool> | null,
): RawBuilder<unknown> {
  const filter = where ? sql` filter (where ${where})` : sql``;
  const numeric = NUMERIC.includes(dataType);
  switch (fn) {
    case 'count':
      return sql`cast(count(${ref})${filter} as integer)`;
    // Numbers as double precision: a JavaScript number, never a numeric's string.
    case 'sum':
      return sql`cast(sum(cast(${ref} as double precision))${filter} as double precision)`;
    case 'avg':
      return sql`cast(avg(cast(${ref} as double precision))${filter} as double precision)`;
    case 'median':
      return sql`percentile_cont(0.5) within group (order by cast(${ref} as double precision))${filter}`;
    case 'min':
    case 'max': {
      const value = numeric ? sql`cast(${ref} as double precision)` : ref;
      return fn === 'min' ? sql`min(${value})${filter}` : sql`max(${value})${filter}`;
    }
  }
}

export function compileAggregate(
  operation: Pick<ReportOperation, 'function' | 'arguments' | 'label'>,
  column: ColumnOf,
  where: RawBuilder<SqlBool> | null = null,
): CompiledAggregate {
  const [argument, ...rest] = operation.arguments;
  if (argument?.type === 'operation' || rest.some((a) => a.type === 'operation')) {
    throw reportError('nestedAggregation');
  }
  if (operation.function === 'count' && (argument === undefined || argument.type === 'value')) {
    // count() counts the workflows of the group.
    const filter = where ? sql` filter (where ${where})` : sql``;
    return {
      expr: sql`cast(count(*)${filter} as integer)`,
      dataType: 'number',
      label: operation.label || 'Count',
    };
  }
  if (argument === undefined || argument.type !== 'column' || rest.length > 0) {
    throw reportError('badAggregation', operation.function);
  }
  const { ref, dataType, label } = column(argument.value);
  const fn = operation.function;
  const allowed =
    fn === 'count'
      ? true
      : fn === 'min' || fn === 'max'
        ? ORDERED.includes(dataType)
        : NUMERIC.includes(dataType);
  if (!allowed) throw reportError('badAggregation', `${fn}(${argument.value})`);
  return {
    expr: aggregateOf(fn, ref, dataType, where),
    dataType: fn === 'count' ? 'number' : dataType,
    label: operation.label || (fn === 'count' ? `Count of ${label}` : `${NAMES[fn]} of ${label}`),
  };
}
