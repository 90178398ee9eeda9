import { type FieldDefinition, flattenSteps, isAnswerable, type WorkflowDefinition } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answerCell, type ExportCell, type ExportLookups, isoDay } from './cell-values.js';
import { type ExportScope, orderedWorkflows } from './export-selection.js';

// The fixed columns, then one per answerable field of the kind's current definition (its label).
export const FIXED_HEADERS = [
  'ID',
  'Name',
  'Kind',
  'Status',
  'Region',
  'Business unit',
  'Created at',
  'Created by',
  'Progress',
] as const;

export function answerColumns(definition: WorkflowDefinition | null): FieldDefinition[] {
  if (!definition) return [];
  return flattenSteps(definition).flatMap((step) => step.fields.filter((field) => isAnswerable(field.type)));
}

export function exportHeaders(fields: readonly FieldDefinition[]): string[] {
  return [...FIXED_HEADERS, ...fields.map((field) => field.label)];
}

// Rows fetched from the cursor at a time: small enough to keep memory flat, large enough that the
// round trips do not dominate.
export const CURSOR_BATCH_ROWS = 500;

// One query, streamed through a cursor: each workflow with its names joined and its current answers
// to the exported fields gathered into one JSON object.
export function streamExportRows(tx: Tx, scope: ExportScope, fields: readonly FieldDefinition[]) {
  const tags = fields.map((field) => field.tag);
  return orderedWorkflows(tx, scope)
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
    .leftJoin('users as eu', (join) =>
      join.onRef('eu.tenant_id', '=', 'w.tenant_id').onRef('eu.id', '=', 'w.created_by'),
    )
    .select([
      'w.id',
      'w.name',
      'ek.name as kind',
      'es.display_name as status',
      'er.name as region',
      'eb.name as business_unit',
      'w.created_at',
      'eu.first_name as creator_first_name',
      'eu.last_name as creator_last_name',
      'eu.email as creator_email',
      'w.progress',
    ])
    .select(
      sql<Record<string, unknown> | null>`(
        select jsonb_object_agg(ea.field_tag, ea.value)
        from workflow_responses ea
        where ea.tenant_id = w.tenant_id and ea.workflow_id = w.id and ea.is_current
          and ea.field_tag = any(${sql.val(tags)}::text[])
      )`.as('answers'),
    )
    .stream(CURSOR_BATCH_ROWS);
}

export type ExportRowData = {
  id: string;
  name: string;
  kind: string;
  status: string;
  region: string;
  business_unit: string | null;
  created_at: Date;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_email: string | null;
  progress: number;
  answers: Record<string, unknown> | null;
};

export function exportCells(
  row: ExportRowData,
  fields: readonly FieldDefinition[],
  lookups: ExportLookups,
): ExportCell[] {
  const creator =
    [row.creator_first_name, row.creator_last_name].filter(Boolean).join(' ') || row.creator_email;
  const answers = row.answers ?? {};
  return [
    Number(row.id),
    row.name,
    row.kind,
    row.status,
    row.region,
    row.business_unit,
    isoDay(row.created_at),
    creator,
    row.progress,
    ...fields.map((field) => answerCell(field, answers[field.tag], lookups)),
  ];
}
