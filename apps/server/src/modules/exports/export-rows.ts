import { type FieldDefinition, flattenSteps, isAnswerable, type WorkflowDefinition } from '@attest/shared';
import { answerCellOf, type ExportCell, type ExportLookups, isoDay } from './cell-values.js';
import type { ExportRowData } from './export-rows.repository.js';

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

// The cells of each row: the fields' conversions are made once (answerCellOf), then applied per row.
export function exportRowCells(
  fields: readonly FieldDefinition[],
  lookups: ExportLookups,
): (row: ExportRowData) => ExportCell[] {
  const tags = fields.map((field) => field.tag);
  const cellOf = fields.map((field) => answerCellOf(field, lookups));
  return (row) => {
    const answers = row.answers ?? {};
    const cells: ExportCell[] = [
      Number(row.id),
      row.name,
      row.kind,
      row.status,
      row.region,
      row.business_unit,
      isoDay(row.created_at),
      row.creator,
      row.progress,
    ];
    for (let i = 0; i < tags.length; i += 1) cells.push(cellOf[i]?.(answers[tags[i] ?? '']) ?? null);
    return cells;
  };
}
