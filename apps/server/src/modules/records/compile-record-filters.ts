import type {
  AttributeType,
  ConditionGroup,
  FilterAttribute,
  FilterCondition,
  RecordAttribute,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  positivePredicate,
  resolveCondition,
  typedAnswerColumn,
  type ValueKind,
} from '../workflow-list/index.js';

// The records list's advanced filters (plan §3.1): a condition group validated against the type's
// catalogue (recordCatalogue) becomes one SQL boolean over `records as r`, with the workflow list's
// predicates (positivePredicate), so a record filter and a workflow filter compare alike. A field's
// condition is an EXISTS on record_values, the projection answerSearchColumns fills; negated
// operators are NOT of their positive form, so "not X" also holds where there is no value.
type Source = { expr: RawBuilder<unknown>; kind: ValueKind };

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

function recordColumn(attribute: RecordAttribute): Source {
  switch (attribute) {
    case 'id':
      return { expr: sql`r.id`, kind: 'id' };
    case 'title':
      return { expr: sql`r.title`, kind: 'text' };
    case 'created_at':
    case 'updated_at':
      return { expr: sql.ref(`r.${attribute}`), kind: 'instant' };
    case 'region':
      return { expr: sql`r.region_id`, kind: 'id' };
    case 'business_unit':
      return { expr: sql`r.business_unit_id`, kind: 'id' };
    case 'created_by':
      return { expr: sql`r.created_by`, kind: 'id' };
  }
}

// The column of record_values `rv` a field's type compares on. record_values keeps a list answer as
// its items' text, one per line: membership reads them back as a list.
function valueColumn(type: AttributeType, operator: FilterCondition['operator']): Source {
  return typedAnswerColumn(
    type,
    operator,
    (name) => sql.ref(`rv.${name}`),
    sql`to_jsonb(string_to_array(rv.text_value, E'\\n'))`,
  );
}

function conditionSql(
  condition: FilterCondition,
  attribute: FilterAttribute,
  now: Date,
): RawBuilder<SqlBool> {
  const { operator, positive, negated, value } = resolveCondition(condition, now);
  const source = attribute.source;
  let holds: RawBuilder<SqlBool>;
  switch (source.kind) {
    case 'record': {
      const column = recordColumn(source.attribute);
      if (
        (source.attribute === 'region' || source.attribute === 'business_unit') &&
        positive === 'contains'
      ) {
        // Regions and business units are chosen by id; contains searches their names.
        const table = source.attribute === 'region' ? sql`regions` : sql`business_units`;
        holds = sql<SqlBool>`${column.expr} in (select p.id from ${table} p where p.tenant_id = r.tenant_id and ${positivePredicate(sql`p.name`, 'text', 'contains', value)})`;
      } else {
        const predicate = positivePredicate(column.expr, column.kind, positive, value);
        holds = negated ? sql<SqlBool>`coalesce(${predicate}, false)` : predicate;
      }
      break;
    }
    case 'field': {
      const column = valueColumn(attribute.type, operator);
      holds = sql<SqlBool>`exists (select 1 from record_values rv
        where rv.tenant_id = r.tenant_id and rv.record_id = r.id and rv.field_tag = ${source.field_tag}
        and ${positivePredicate(column.expr, column.kind, positive, value)})`;
      break;
    }
    default:
      // A record catalogue holds record columns and fields only: validateConditionGroup refused this.
      throw new Error(`A ${source.kind} attribute is not a records list filter.`);
  }
  return negated ? sql<SqlBool>`not ${holds}` : holds;
}

// The group as one parenthesised boolean. Call only with a group validateConditionGroup accepted
// against `catalogue`.
export function compileRecordConditionGroup(
  group: ConditionGroup,
  catalogue: Map<string, FilterAttribute>,
  now: Date,
): RawBuilder<SqlBool> {
  const parts = [
    ...group.conditions.map((condition) => {
      const attribute = catalogue.get(condition.field);
      if (!attribute) throw new Error(`Attribute ${condition.field} is not in the catalogue.`);
      return conditionSql(condition, attribute, now);
    }),
    ...group.groups.map((child) => compileRecordConditionGroup(child, catalogue, now)),
  ];
  if (parts.length === 0) return group.compareType === 'AND' ? TRUE : FALSE;
  const joiner = group.compareType === 'AND' ? sql` and ` : sql` or `;
  return sql<SqlBool>`(${sql.join(parts, joiner)})`;
}
