import type { FieldDefinition } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { orderBySql } from '../workflow-list/index.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import type { ExportScope } from './export-selection.js';

// The workflows of the export in the list's order.
function orderedWorkflows(tx: Tx, scope: ExportScope) {
  const tag = scope.ordering.answerFieldTag;
  // Ordering by an answer joins it as `o`, as the list does.
  return (
    tx
      .selectFrom('workflows as w')
      .where('w.tenant_id', '=', scope.tenantId)
      .where(visibleWorkflowsFilter(scope.userId))
      .where(scope.where)
      .$if(tag !== null, (query) =>
        query.leftJoin('workflow_responses as o', (join) =>
          join
            .onRef('o.tenant_id', '=', 'w.tenant_id')
            .onRef('o.workflow_id', '=', 'w.id')
            .on('o.field_tag', '=', tag ?? '')
            .on('o.is_current', '=', true),
        ),
      )
      // The list puts the rows without the answer after those with it, whatever the direction.
      .$if(tag !== null, (query) => query.orderBy(sql`(${scope.ordering.expr} is null)`))
      .orderBy(orderBySql(scope.ordering))
  );
}

// Rows fetched from the cursor at a time: small enough that a batch (and the read-ahead's two) die
// young in the JS heap, large enough that the round trips (hidden by the read-ahead) do not dominate.
// At 500, a 100k-row XLSX export's peak heap was 48-54 MB above a 10k one's (rows held long enough to
// be promoted); at 100, 4-21 MB (bench, not collected during the run).
export const CURSOR_BATCH_ROWS = 100;

// One query, streamed through a cursor: the workflows in the list's order with their names joined,
// then each one's current answers to the exported fields gathered into one JSON object. The answers
// are gathered outside the ordered subquery: inside it, PostgreSQL computed them for every row before
// its sort (a 100k-row export sorted its answers too, on disk, and sent nothing until all were done);
// outside, the narrow rows are sorted first and each row's answers are read as the cursor asks for it,
// so the database reads the next batch while this process writes the last (readAhead). A subquery
// with ORDER BY is not flattened, and a plain scan of it keeps its order.
export function streamExportRows(tx: Tx, scope: ExportScope, fields: readonly FieldDefinition[]) {
  const tags = fields.map((field) => field.tag);
  const ordered = orderedWorkflows(tx, scope)
    .innerJoin('workflow_kinds as ek', (join) =>
      join.onRef('ek.tenant_id', '=', 'w.tenant_id').onRef('ek.id', '=', 'w.kind_id'),
    )
    .innerJoin('workflow_statuses as es', (join) =>
      join.onRef('es.tenant_id', '=', 'w.tenant_id').onRef('es.id', '=', 'w.status_id'),
    )
    .innerJoin('regions as er', (join) =>
      join.onRef('er.tenant_id', '=', 'w.tenant_id').onRef('er.id', '=', 'w.region_id'),
    )
    .leftJoin('business_units as eb', (join) =>
      join.onRef('eb.tenant_id', '=', 'w.tenant_id').onRef('eb.id', '=', 'w.business_unit_id'),
    )
    .select([
      'w.id',
      'w.name',
      'ek.name as kind',
      'es.display_name as status',
      'er.name as region',
      'eb.name as business_unit',
      // The day as the file shows it (UTC), made by the database rather than parsed into a Date.
      sql<string>`to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('created_at'),
      'w.created_by',
      'w.progress',
    ]);
  return (
    tx
      .selectFrom(ordered.as('x'))
      .select([
        'x.id',
        'x.name',
        'x.kind',
        'x.status',
        'x.region',
        'x.business_unit',
        'x.created_at',
        'x.progress',
      ])
      // The creator's name (first and last, else the e-mail), one index probe per row: joined inside,
      // a tenant with thousands of users got a nested loop over all of them for every row.
      .select(
        sql<string | null>`(
        select coalesce(nullif(concat_ws(' ', nullif(eu.first_name, ''), nullif(eu.last_name, '')), ''), eu.email)
        from users eu
        where eu.tenant_id = ${scope.tenantId} and eu.id = x.created_by
      )`.as('creator'),
      )
      .select(
        // json, not jsonb: the object is only read back, so it need not be built as jsonb first (the
        // current answer of a field is unique, so no key repeats).
        sql<Record<string, unknown> | null>`(
        select json_object_agg(ea.field_tag, ea.value)
        from workflow_responses ea
        where ea.tenant_id = ${scope.tenantId} and ea.workflow_id = x.id and ea.is_current
          and ea.field_tag = any(${sql.val(tags)}::text[])
      )`.as('answers'),
      )
      .stream(CURSOR_BATCH_ROWS)
  );
}

export type ExportRowData = {
  id: string;
  name: string;
  kind: string;
  status: string;
  region: string;
  business_unit: string | null;
  // YYYY-MM-DD (UTC)
  created_at: string;
  // First and last name, else the e-mail; null when the creator is gone.
  creator: string | null;
  progress: number;
  answers: Record<string, unknown> | null;
};
