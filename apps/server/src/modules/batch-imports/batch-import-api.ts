import type { BatchImport, BatchImportSummary, ImportRow, ImportRowProblem } from '@attest/shared';
import type { BatchImportRow } from './batch-imports.repository.js';
import { storedMapping } from './stored-mapping.js';

// Rows as the API answers them (BatchImportSchema, ImportRowSchema).

function person(id: string | null, first: string | null, last: string | null, email: string | null) {
  if (id === null || email === null) return null;
  return { id: Number(id), name: `${first ?? ''} ${last ?? ''}`.trim() || email, email };
}

const stamp = (date: Date | null) => (date ? date.toISOString() : null);

export function importSummary(row: BatchImportRow): BatchImportSummary {
  return {
    id: Number(row.id),
    target: row.target,
    object_type:
      row.object_type_id && row.object_type_tag
        ? { id: Number(row.object_type_id), tag: row.object_type_tag, name: row.object_type_name ?? '' }
        : null,
    kind:
      row.kind_id && row.kind_tag
        ? { id: Number(row.kind_id), tag: row.kind_tag, name: row.kind_name ?? '' }
        : null,
    file_name: row.file_name,
    format: row.format,
    size_bytes: Number(row.size_bytes),
    state: row.state,
    mode: row.mode,
    rows_total: row.rows_total,
    rows_valid: row.rows_valid,
    rows_invalid: row.rows_invalid,
    rows_done: row.rows_done,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    created_by: person(row.created_by, row.creator_first_name, row.creator_last_name, row.creator_email),
    created_at: row.created_at.toISOString(),
    finished_at: stamp(row.finished_at),
  };
}

export function importDetail(row: BatchImportRow): BatchImport {
  const mapping = storedMapping(row.mapping);
  return {
    ...importSummary(row),
    headers: mapping.headers,
    suggested_mapping: mapping.columns ? null : mapping.suggested,
    mapping: mapping.columns,
    key_name: row.key_name,
    start_step_tag: row.start_step_tag,
    progress: row.rows_valid > 0 ? Math.min(1, row.rows_done / row.rows_valid) : 0,
    // POST undo checks then that none of its rows changed since (plan §4.5).
    can_undo: row.state === 'finished',
    results_available: row.results_storage_key !== null,
    error: row.error,
    started_at: stamp(row.started_at),
    undone_at: stamp(row.undone_at),
    undone_by: person(row.undone_by, row.undoer_first_name, row.undoer_last_name, row.undoer_email),
  };
}

export function importRow(row: {
  row_number: number;
  cells: string[];
  problems: unknown[] | null;
  outcome: ImportRow['outcome'];
  target_id: string | null;
  message: string | null;
}): ImportRow {
  return {
    row_number: row.row_number,
    cells: row.cells,
    problems: (row.problems as ImportRowProblem[] | null) ?? null,
    outcome: row.outcome,
    target_id: row.target_id === null ? null : Number(row.target_id),
    message: row.message,
  };
}
