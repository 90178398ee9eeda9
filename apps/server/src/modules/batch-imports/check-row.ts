import {
  type AnswerField,
  type BatchImportMode,
  cellToAnswer,
  IMPORT_ROW_MESSAGES,
  type ImportColumn,
  type ImportRowProblem,
  validateAnswer,
} from '@attest/shared';
import { type RecordKey, recordKeys, validateRecordValues } from '../records/index.js';
import type { ImportTargetSpec } from './import-target.js';

// One staged row judged alone (plan §4.3): each cell read as the answer a person would have given
// (cellToAnswer), then judged by the same rules a record or an answer is saved with, so every problem
// carries the field's own message. What needs the other rows or the database (keys) is validate-rows'.

export type RowPlan = { spec: ImportTargetSpec; columns: readonly ImportColumn[]; mode: BatchImportMode };
// `values` and `name` are what the run writes (by field tag; the workflow's name).
export type CheckedRow = {
  problems: ImportRowProblem[];
  keys: RecordKey[];
  id: string | null;
  values: Record<string, unknown>;
  name: string;
};

const cellOf = (cells: readonly string[], column: ImportColumn) => (cells[column.index] ?? '').trim();

export function checkRow(plan: RowPlan, cells: readonly string[]): CheckedRow {
  const { spec, columns, mode } = plan;
  const problems: ImportRowProblem[] = [];
  const values: Record<string, unknown> = {};
  const unreadable = new Set<string>();
  const columnOf = new Map<string, number>();
  const fieldColumns: { column: ImportColumn; field: AnswerField }[] = [];
  let id: string | null = null;
  let name = '';
  for (const column of columns) {
    const target = column.target;
    if (target?.kind === 'attribute') {
      if (target.attribute === 'id') id = cellOf(cells, column) || null;
      if (target.attribute === 'name') name = cellOf(cells, column);
      continue;
    }
    const field = target && spec.fields.find((f) => f.tag === target.field_tag);
    if (field) fieldColumns.push({ column, field });
  }
  for (const { column, field } of fieldColumns) {
    columnOf.set(field.tag, column.index);
    const cell = cellOf(cells, column);
    if (cell === '') continue;
    const read = cellToAnswer(field, cell);
    if (read.ok) values[field.tag] = read.value;
    else {
      unreadable.add(field.tag);
      problems.push({ column: column.index, field_tag: field.tag, ...pick(read.problem) });
    }
  }

  const type = spec.objectType;
  if (type) {
    const { data, errors } = validateRecordValues(type.definition, values);
    for (const [tag, list] of Object.entries(errors)) {
      if (unreadable.has(tag)) continue;
      // An update changes only the values the file gives: an empty cell leaves the field as it is.
      if (mode === 'update' && !(tag in values)) continue;
      for (const error of list) {
        const title = tag === type.definition.title_field && error.code === 'required';
        const label = type.definition.fields.find((f) => f.tag === tag)?.label ?? tag;
        problems.push({
          column: columnOf.get(tag) ?? null,
          field_tag: tag,
          code: title ? 'title_missing' : error.code,
          message: title ? IMPORT_ROW_MESSAGES.title_missing({ field: label }) : error.message,
        });
      }
    }
    return { problems, keys: recordKeys(type.definition, data), id, values, name };
  }

  for (const { column, field } of fieldColumns) {
    if (!(field.tag in values)) continue;
    const result = validateAnswer(field, values[field.tag]);
    if (!result.ok) {
      for (const error of result.errors)
        problems.push({ column: column.index, field_tag: field.tag, ...pick(error) });
    }
  }
  if (mode !== 'update' && name === '') {
    const column = columns.find((c) => c.target?.kind === 'attribute' && c.target.attribute === 'name');
    problems.push({
      column: column?.index ?? null,
      field_tag: null,
      code: 'name_missing',
      message: IMPORT_ROW_MESSAGES.name_missing(),
    });
  }
  return { problems, keys: [], id, values, name };
}

const pick = (problem: { code: string; message: string }) => ({
  code: problem.code,
  message: problem.message,
});
