import {
  fieldReportDataType,
  type ObjectTypeDefinition,
  type ReportDataType,
  type ReportRecordAttribute,
} from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import type { JoinRegistry } from './source-sql.js';

// The rows of an Object Report (issue 18, plan §6): the records of one object type, `rec` in the
// inner query. Fixed columns are chosen by the validated attribute name; a field's value is read
// from record_values, the typed projection answerSearchColumns fills exactly as it fills
// workflow_responses, so a record field reads (and groups, sums) as a workflow field of its type.

// The alias of the record row, and of the workflow linked to it (run-report.ts joins it).
export const RECORD_ALIAS = 'rec';
export const LINKED_WORKFLOW_ALIAS = 'wl';

export const RECORD_LABELS: Record<ReportRecordAttribute, string> = {
  id: 'Record id',
  title: 'Title',
  created_at: 'Created at',
  updated_at: 'Updated at',
  created_by_email: 'Created by (e-mail)',
  region_id: 'Region id',
  region_name: 'Region',
  business_unit_id: 'Business unit id',
  business_unit_name: 'Business unit',
};

const rec = (column: string) => sql.ref(`${RECORD_ALIAS}.${column}`);

// A small table (users, regions, business units) joined by the record's column, once per report.
function lookup(
  join: JoinRegistry,
  key: string,
  table: string,
  id: string,
): (column: string) => RawBuilder<unknown> {
  const alias = join(`${RECORD_ALIAS}|${key}`, (a) => {
    const t = sql.table(table);
    return sql`left join ${t} as ${a} on ${a}.tenant_id = ${rec('tenant_id')} and ${a}.id = ${rec(id)}`;
  });
  return (column) => sql.ref(`${alias}.${column}`);
}

export function recordExpr(attribute: ReportRecordAttribute, join: JoinRegistry): RawBuilder<unknown> {
  switch (attribute) {
    case 'id':
    case 'title':
    case 'created_at':
    case 'updated_at':
    case 'region_id':
    case 'business_unit_id':
      return rec(attribute);
    case 'created_by_email':
      return lookup(join, 'creator', 'users', 'created_by')('email');
    case 'region_name':
      return lookup(join, 'region', 'regions', 'region_id')('name');
    case 'business_unit_name':
      return lookup(join, 'business_unit', 'business_units', 'business_unit_id')('name');
  }
}

// Answers that are lists of items: grouped by item, as a workflow report does.
const LIST_FIELD_TYPES: readonly string[] = ['multi_select', 'grouped_checkbox', 'country_multi_select'];

type ObjectField = ObjectTypeDefinition['fields'][number];

export type RecordFieldColumn = { expr: RawBuilder<unknown>; dataType: ReportDataType };

// A field of the record: its record_values row (unique per record and field tag, so the join never
// multiplies rows), kept only where the column's projection is set (the predicate of that
// projection's index). A list answer grouped by item reads the record's JSON value, one row per item.
export function recordFieldExpr(
  field: ObjectField,
  scope: { tenantId: string; objectTypeId: string; join: JoinRegistry; perItem: boolean },
): RecordFieldColumn {
  const dataType = fieldReportDataType(field.type);
  if (scope.perItem && LIST_FIELD_TYPES.includes(field.type)) {
    const items = scope.join(
      `${RECORD_ALIAS}|items|${field.tag}`,
      (a) => sql`left join lateral jsonb_array_elements_text(
        case when jsonb_typeof(${rec('data')}->${field.tag}) = 'array' then ${rec('data')}->${field.tag}
        else '[]'::jsonb end) as ${a}(item) on true`,
    );
    return { expr: sql.ref(`${items}.item`), dataType: 'text' };
  }
  const projection =
    dataType === 'number' ? 'number_value' : dataType === 'date' ? 'date_value' : 'text_value';
  const alias = scope.join(
    `${RECORD_ALIAS}|field|${field.tag}|${projection}`,
    (a) => sql`left join (select record_id, ${sql.ref(projection)} from record_values
      where tenant_id = ${scope.tenantId} and object_type_id = ${scope.objectTypeId}
      and field_tag = ${field.tag} and ${sql.ref(projection)} is not null) as ${a}
      on ${a}.record_id = ${rec('id')}`,
  );
  const value = sql.ref(`${alias}.${projection}`);
  return {
    // A day as the instant its UTC day starts, so every date source is a timestamptz.
    expr: dataType === 'date' ? sql`(cast(${value} as timestamp) at time zone 'UTC')` : value,
    dataType,
  };
}
