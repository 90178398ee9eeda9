import { IMPORT_ID_KEY, IMPORT_ROW_MESSAGES, type ImportRowProblem, uniqueKeyName } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { keyLabel, type RecordKey, recordKeysRepository } from '../records/index.js';
import { keyFields } from './check-mapping.js';
import { placeChecker } from './check-places.js';
import { type CheckedRow, checkRow, type RowPlan } from './check-row.js';
import { importRowsRepository } from './import-rows.repository.js';
import { importWorkflowsRepository } from './import-workflows.repository.js';

// Plan §4.3, the preview: every staged row checked, a thousand per short transaction, its problems
// written beside it (null when it is valid). Beyond each row alone: its place (check-places), a unique
// key twice in the file, a key other records hold when creating, a key nothing holds when updating
// (for workflows: an id that is no workflow of the kind the importer may change).

export const VALIDATE_BATCH_ROWS = 1_000;

export type ValidationPlan = RowPlan & { keyName: string | null };

type Checked = CheckedRow & { rowNumber: number };

export async function validateRows(
  ctx: UserContext,
  importId: string,
  plan: ValidationPlan,
): Promise<{ valid: number; invalid: number }> {
  // The first row holding each key value (by key name and stored form), across the whole file.
  const firstRowOf = new Map<string, number>();
  let after = 0;
  let valid = 0;
  let invalid = 0;
  for (;;) {
    const walked = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const rows = await importRowsRepository.batchAfter(tx, importId, after, VALIDATE_BATCH_ROWS);
      const checkPlace = await placeChecker(tx, ctx, plan.spec, plan.columns, plan.mode !== 'update');
      const checked: Checked[] = [];
      for (const row of rows) {
        const one = checkRow(plan, row.cells);
        one.problems.push(...(await checkPlace(row.cells)));
        checked.push({ rowNumber: row.row_number, ...one });
      }
      checkDuplicates(plan, checked, firstRowOf);
      await checkExisting(tx, plan, checked);
      await checkWorkflowIds(tx, ctx, plan, checked);
      await importRowsRepository.setProblems(
        tx,
        importId,
        checked.map((row) => ({
          rowNumber: row.rowNumber,
          problems: row.problems.length > 0 ? row.problems : null,
        })),
      );
      return checked;
    });
    for (const row of walked) {
      if (row.problems.length > 0) invalid += 1;
      else valid += 1;
    }
    const last = walked.at(-1);
    if (!last || walked.length < VALIDATE_BATCH_ROWS) break;
    after = last.rowNumber;
  }
  return { valid, invalid };
}

// The keys a row is judged by: every unique key when creating, the finding key otherwise.
function judgedKeys(plan: ValidationPlan, row: CheckedRow): RecordKey[] {
  if (plan.mode === 'create') return row.keys;
  return row.keys.filter((key) => key.name === plan.keyName);
}

function keyProblem(
  plan: ValidationPlan,
  fields: readonly string[],
  code: string,
  message: string,
): ImportRowProblem {
  const tag = fields[0] ?? null;
  const column = plan.columns.find((c) =>
    tag === null
      ? c.target?.kind === 'attribute' && c.target.attribute === 'id'
      : c.target?.kind === 'field' && c.target.field_tag === tag,
  );
  return { column: column?.index ?? null, field_tag: tag, code, message };
}

function labelOf(plan: ValidationPlan, fields: readonly string[]): string {
  const type = plan.spec.objectType;
  return fields.length === 0 || !type ? 'ID' : keyLabel(type.definition, fields);
}

function checkDuplicates(plan: ValidationPlan, rows: Checked[], firstRowOf: Map<string, number>) {
  for (const row of rows) {
    const values = judgedKeys(plan, row).map((key) => ({
      fields: key.fields,
      id: `${key.name}\u0000${key.value}`,
    }));
    if (plan.keyName === IMPORT_ID_KEY && row.id !== null)
      values.push({ fields: [], id: `id\u0000${row.id}` });
    for (const value of values) {
      const first = firstRowOf.get(value.id);
      if (first === undefined) {
        firstRowOf.set(value.id, row.rowNumber);
        continue;
      }
      const message = IMPORT_ROW_MESSAGES.duplicate_in_file({ key: labelOf(plan, value.fields), row: first });
      row.problems.push(keyProblem(plan, value.fields, 'duplicate_in_file', message));
    }
  }
}

async function checkExisting(tx: Tx, plan: ValidationPlan, rows: Checked[]) {
  const type = plan.spec.objectType;
  if (!type) return;
  if (plan.mode === 'create') {
    for (const fields of type.definition.unique_keys) {
      const name = uniqueKeyName(fields);
      const holders = await heldBy(tx, type.id, name, rows);
      for (const row of rows) {
        const key = row.keys.find((k) => k.name === name);
        const holder = key && holders.get(key.value);
        if (!holder) continue;
        const message = IMPORT_ROW_MESSAGES.key_exists({ key: labelOf(plan, fields), id: Number(holder) });
        row.problems.push(keyProblem(plan, fields, 'key_exists', message));
      }
    }
    return;
  }
  const keyName = plan.keyName;
  const fields = keyName === null ? undefined : keyFields(plan.spec, keyName);
  if (keyName === null || !fields) return;
  const label = labelOf(plan, fields);
  const found =
    keyName === IMPORT_ID_KEY
      ? new Set(
          await recordKeysRepository.existingRecordIds(
            tx,
            type.id,
            rows.flatMap((row) => (row.id !== null && /^\d{1,15}$/.test(row.id) ? [row.id] : [])),
          ),
        )
      : new Set((await heldBy(tx, type.id, keyName, rows)).keys());
  for (const row of rows) {
    const value =
      keyName === IMPORT_ID_KEY ? row.id : (row.keys.find((k) => k.name === keyName)?.value ?? null);
    if (value === null) {
      row.problems.push(
        keyProblem(plan, fields, 'key_missing', IMPORT_ROW_MESSAGES.key_missing({ key: label })),
      );
    } else if (plan.mode === 'update' && !found.has(value)) {
      row.problems.push(
        keyProblem(plan, fields, 'key_not_found', IMPORT_ROW_MESSAGES.key_not_found({ key: label })),
      );
    }
  }
}

async function heldBy(
  tx: Tx,
  objectTypeId: string,
  keyName: string,
  rows: Checked[],
): Promise<Map<string, string>> {
  const values = [
    ...new Set(rows.flatMap((row) => row.keys.filter((k) => k.name === keyName).map((k) => k.value))),
  ];
  const holders = await recordKeysRepository.holders(tx, objectTypeId, keyName, values);
  return new Map(holders.map((h) => [h.key_value, h.record_id]));
}

// Workflows are found by id only, among those the importer may change (import-workflows.repository).
// Upsert creates the rows whose id is empty or finds nothing: a file of existing and new workflows.
async function checkWorkflowIds(tx: Tx, ctx: UserContext, plan: ValidationPlan, rows: Checked[]) {
  const kindId = plan.spec.kindId;
  if (plan.spec.target !== 'workflows' || plan.mode === 'create' || kindId === null) return;
  if (plan.keyName !== IMPORT_ID_KEY) return;
  const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  const found = await importWorkflowsRepository.changeableIds(tx, ctx.auth.user.id, kindId, ids);
  for (const row of rows) {
    if (row.id === null && plan.mode === 'update') {
      const message = IMPORT_ROW_MESSAGES.key_missing({ key: 'ID' });
      row.problems.push(keyProblem(plan, [], 'key_missing', message));
    } else if (plan.mode === 'update' && row.id !== null && !found.has(row.id)) {
      const message = IMPORT_ROW_MESSAGES.key_not_found({ key: 'ID', item: 'workflow' });
      row.problems.push(keyProblem(plan, [], 'key_not_found', message));
    } else if (row.id !== null && found.has(row.id)) {
      // An upsert's row that updates keeps its workflow's place: only a new one needs a region.
      row.problems = row.problems.filter((problem) => problem.code !== 'place_required');
    }
  }
}
