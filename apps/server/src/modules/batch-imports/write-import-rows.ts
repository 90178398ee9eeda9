import {
  flattenSteps,
  IMPORT_ID_KEY,
  IMPORT_ROW_MESSAGES,
  type ImportColumn,
  type ImportRowProblem,
} from '@attest/shared';
import { sql } from 'kysely';
import { AppError, DetailedBadRequestError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  createImportedRecords,
  type ImportedValues,
  type ImportWriter,
  recordKeysRepository,
  updateImportedRecord,
} from '../records/index.js';
import { type CurrentKind, createWorkflows } from '../workflows/index.js';
import { type CheckedRow, checkRow, type RowPlan } from './check-row.js';
import { importPlacesRepository } from './import-places.repository.js';
import { importRunRepository, type RowOutcome } from './import-run.repository.js';
import { importWorkflowsRepository } from './import-workflows.repository.js';
import { type PlaceNames, updateImportedWorkflow } from './update-imported-workflow.js';

// One batch of an import's rows written (plan §4.4): records created, updated or upserted by their
// key; workflows created (their steps before start_step_tag submitted), or updated or upserted by
// their id (update-imported-workflow), each carrying its import and row. A row the preview refused
// ends 'failed' with its problems. `oneByOne` writes each row under its own savepoint, so a row that
// throws fails alone (the batch's second attempt).

export type RunPlan = RowPlan & {
  keyName: string | null;
  writer: ImportWriter;
  // Workflows: the kind's current definition and the steps submitted before the start step.
  kind: CurrentKind | null;
  submitted: readonly string[];
  // Workflows updated (and their undo): the person the job acts for, as a request of theirs would.
  actor: UserContext | null;
};

type StagedRow = { row_number: number; cells: string[]; problems: unknown[] | null };
type Places = Awaited<ReturnType<typeof importPlacesRepository.all>>;
const fold = (name: string) => name.trim().toLowerCase();

const problemsMessage = (problems: readonly ImportRowProblem[]) => problems.map((p) => p.message).join(' ');
const failed = (rowNumber: number, message: string): RowOutcome => ({
  rowNumber,
  outcome: 'failed',
  targetId: null,
  revisionAfter: null,
  activityIdAfter: null,
  before: null,
  message,
});

// The steps a workflow import submits: every step before the start step, in the definition's order.
export function stepsBefore(kind: CurrentKind, startStepTag: string | null): string[] {
  if (startStepTag === null) return [];
  const steps = flattenSteps(kind.definition).map((s) => s.tag);
  const at = steps.indexOf(startStepTag);
  return at < 0 ? [] : steps.slice(0, at);
}

// The row's region and business unit as written: undefined where the file has no such column.
function placeNames(plan: RunPlan, cells: readonly string[]) {
  const column = (attribute: 'region' | 'business_unit') =>
    plan.columns.find(
      (c: ImportColumn) => c.target?.kind === 'attribute' && c.target.attribute === attribute,
    );
  const regionColumn = column('region');
  const unitColumn = column('business_unit');
  return {
    regionName: regionColumn ? (cells[regionColumn.index] ?? '').trim() : undefined,
    unitName: unitColumn ? (cells[unitColumn.index] ?? '').trim() : undefined,
  };
}

// The row's place, read from its cells by name: undefined where the file has no such column (an
// update leaves it), null for an empty cell.
function placeOf(plan: RunPlan, places: Places, cells: readonly string[]) {
  const { regionName, unitName } = placeNames(plan, cells);
  const region = regionName ? places.regions.find((r) => fold(r.name) === fold(regionName)) : undefined;
  const unit =
    unitName && region
      ? places.units.find((u) => u.region_id === region.id && fold(u.name) === fold(unitName))
      : undefined;
  const empty = plan.mode === 'update' ? undefined : null;
  return {
    regionId: regionName === undefined ? undefined : regionName === '' ? empty : (region?.id ?? null),
    businessUnitId: unitName === undefined ? undefined : unitName === '' ? empty : (unit?.id ?? null),
  };
}

export async function writeImportRows(
  tx: Tx,
  plan: RunPlan,
  staged: readonly StagedRow[],
  oneByOne: boolean,
): Promise<RowOutcome[]> {
  const places = await importPlacesRepository.all(tx);
  const results: RowOutcome[] = [];
  const valid: { rowNumber: number; checked: CheckedRow; cells: string[] }[] = [];
  for (const row of staged) {
    if (row.problems) {
      results.push(failed(row.row_number, problemsMessage(row.problems as ImportRowProblem[])));
      continue;
    }
    // Checked again: the type or the records may have changed since the preview.
    const checked = checkRow(plan, row.cells);
    if (checked.problems.length > 0) results.push(failed(row.row_number, problemsMessage(checked.problems)));
    else valid.push({ rowNumber: row.row_number, checked, cells: row.cells });
  }
  const write =
    plan.spec.target === 'records'
      ? (rows: typeof valid) => writeRecords(tx, plan, places, rows)
      : (rows: typeof valid) => writeWorkflows(tx, plan, places, rows);
  if (!oneByOne) {
    results.push(...(await write(valid)));
  } else {
    for (const row of valid) {
      await sql`savepoint import_row`.execute(tx);
      try {
        results.push(...(await write([row])));
        await sql`release savepoint import_row`.execute(tx);
      } catch (error) {
        await sql`rollback to savepoint import_row`.execute(tx);
        results.push(failed(row.rowNumber, rowError(error)));
      }
    }
  }
  return results.sort((a, b) => a.rowNumber - b.rowNumber);
}

// A refusal of ours says what was wrong (an answer refused by the engine in its field's own words);
// anything else is a write that failed.
function rowError(error: unknown): string {
  if (error instanceof DetailedBadRequestError) {
    const problems = (error.extra.problems ?? []) as { errors: { message: string }[] }[];
    const messages = problems.flatMap((p) => p.errors.map((e) => e.message));
    if (messages.length > 0) return messages.join(' ');
  }
  return error instanceof AppError ? error.message : IMPORT_ROW_MESSAGES.write_failed();
}

type ValidRow = { rowNumber: number; checked: CheckedRow; cells: string[] };

async function writeRecords(tx: Tx, plan: RunPlan, places: Places, rows: readonly ValidRow[]) {
  const type = plan.spec.objectType;
  if (!type) throw new Error('A records import without its object type');
  // The record each row updates, found by its key (update and upsert).
  const found = new Map<number, string>();
  if (plan.mode !== 'create' && plan.keyName !== null) {
    if (plan.keyName === IMPORT_ID_KEY) {
      const ids = rows.flatMap((r) =>
        r.checked.id && /^\d{1,15}$/.test(r.checked.id) ? [r.checked.id] : [],
      );
      const existing = new Set(await recordKeysRepository.existingRecordIds(tx, type.id, ids));
      for (const r of rows)
        if (r.checked.id && existing.has(r.checked.id)) found.set(r.rowNumber, r.checked.id);
    } else {
      const keyName = plan.keyName;
      const keyValueOf = (r: ValidRow) => r.checked.keys.find((k) => k.name === keyName)?.value;
      const values = rows.flatMap((r) => keyValueOf(r) ?? []);
      const holders = await recordKeysRepository.holders(tx, type.id, keyName, values);
      const holderOf = new Map(holders.map((h) => [h.key_value, h.record_id]));
      for (const r of rows) {
        const holder = holderOf.get(keyValueOf(r) ?? '');
        if (holder) found.set(r.rowNumber, holder);
      }
    }
  }
  const results: RowOutcome[] = [];
  const creating: { row: number; input: ImportedValues }[] = [];
  for (const row of rows) {
    const input: ImportedValues = { values: row.checked.values, ...placeOf(plan, places, row.cells) };
    const recordId = found.get(row.rowNumber);
    if (recordId !== undefined) {
      const updated = await updateImportedRecord(tx, type, plan.writer, recordId, input);
      if (!updated) {
        results.push(failed(row.rowNumber, IMPORT_ROW_MESSAGES.write_failed()));
        continue;
      }
      results.push({
        rowNumber: row.rowNumber,
        outcome: updated.outcome,
        targetId: recordId,
        revisionAfter: updated.revision,
        activityIdAfter: null,
        before: updated.outcome === 'updated' ? updated.before : null,
        message: null,
      });
      continue;
    }
    if (plan.mode === 'update') {
      results.push(failed(row.rowNumber, IMPORT_ROW_MESSAGES.key_not_found({ key: plan.keyName ?? 'ID' })));
      continue;
    }
    creating.push({ row: row.rowNumber, input });
  }
  // Created together: a few statements for the whole batch. A row an earlier attempt wrote is not
  // in the answer (the unique index's backstop); its outcome stands.
  const created = await createImportedRecords(tx, type, plan.writer, creating);
  for (const [rowNumber, record] of created) {
    results.push({
      rowNumber,
      outcome: 'created',
      targetId: record.id,
      revisionAfter: record.revision,
      activityIdAfter: null,
      before: null,
      message: null,
    });
  }
  return results;
}

async function writeWorkflows(tx: Tx, plan: RunPlan, places: Places, rows: readonly ValidRow[]) {
  const kind = plan.kind;
  if (!kind) throw new Error('A workflows import without its kind');
  const results: RowOutcome[] = [];
  const creating: ValidRow[] = [];
  // Update and upsert find each row's workflow by its id, among those the importer may change.
  const found =
    plan.mode === 'create'
      ? new Set<string>()
      : await importWorkflowsRepository.changeableIds(
          tx,
          plan.writer.userId,
          kind.id,
          rows.flatMap((r) => (r.checked.id ? [r.checked.id] : [])),
        );
  for (const row of rows) {
    const id = row.checked.id;
    if (id !== null && found.has(id)) {
      results.push(await updateWorkflow(tx, plan, places, row, id));
    } else if (plan.mode === 'update') {
      const message = IMPORT_ROW_MESSAGES.key_not_found({ key: 'ID', item: 'workflow' });
      results.push(failed(row.rowNumber, message));
    } else creating.push(row);
  }
  if (creating.length === 0) return results;
  const at = new Date();
  const ids = await createWorkflows(
    tx,
    plan.writer.tenantId,
    creating.map((row) => {
      const place = placeOf(plan, places, row.cells);
      return {
        kind,
        name: row.checked.name,
        regionId: place.regionId ?? '',
        businessUnitId: place.businessUnitId ?? null,
        createdBy: plan.writer.userId,
        createdAt: at,
        answers: row.checked.values,
        submitted: plan.submitted.map((step) => ({ step, at, by: plan.writer.userId })),
        importRef: { importId: plan.writer.importId, row: row.rowNumber },
      };
    }),
  );
  const last = await importRunRepository.lastActivityIds(tx, ids);
  creating.forEach((row, i) => {
    const id = ids[i] as string;
    results.push({
      rowNumber: row.rowNumber,
      outcome: 'created',
      targetId: id,
      revisionAfter: null,
      activityIdAfter: last.get(id) ?? null,
      before: null,
      message: null,
    });
  });
  return results;
}

async function updateWorkflow(
  tx: Tx,
  plan: RunPlan,
  places: Places,
  row: ValidRow,
  workflowId: string,
): Promise<RowOutcome> {
  if (!plan.actor) throw new Error('A workflows update without the person it acts for');
  const { regionName, unitName } = placeNames(plan, row.cells);
  // An empty cell leaves the place as it is, as it leaves an answer.
  const place: PlaceNames = { region: regionName || undefined, unit: unitName || undefined };
  const updated = await updateImportedWorkflow(tx, {
    actor: plan.actor,
    importId: plan.writer.importId,
    workflowId,
    answers: row.checked.values,
    place,
    places,
  });
  return {
    rowNumber: row.rowNumber,
    outcome: updated.outcome,
    targetId: workflowId,
    revisionAfter: null,
    activityIdAfter: updated.activityIdAfter,
    before: updated.before,
    message: null,
  };
}
