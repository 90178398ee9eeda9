import { RECORD_ERROR_CODES, RECORD_MESSAGES, type RecordFieldChange, uniqueKeyName } from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { importedRecordsRepository as imported } from './imported-records.repository.js';
import type { LoadedObjectType } from './object-types.js';
import { checkValues, duplicateKey, recordKeys, valueChanges } from './record-answers.js';
import { recordKeysRepository } from './record-keys.repository.js';
import { recordValueRows, recordValuesRepository } from './record-values.repository.js';
import { recordsRepository } from './records.repository.js';

// A batch import's writes of records (plan §4.4) and their undo (§4.5), in the caller's batch
// transaction. The same rules as a record saved by hand (checkValues, unique keys by the database);
// a refusal throws, and the import's batch retries its rows one by one to fail only that row.

export type ImportedValues = {
  values: Record<string, unknown>;
  // undefined: left as it is (an update whose file has no such column).
  regionId?: string | null;
  businessUnitId?: string | null;
};
export type ImportWriter = { tenantId: string; importId: string; userId: string };
// What undo puts back: the record as it was before the import changed it.
export type RecordBefore = {
  data: Record<string, unknown>;
  region_id: string | null;
  business_unit_id: string | null;
};

const fieldOrder = (type: LoadedObjectType) => type.definition.fields.map((field) => field.tag);

async function projections(tx: Tx, tenantId: string, type: LoadedObjectType, recordId: string, data: object) {
  const values = data as Record<string, unknown>;
  const scope = { tenantId, objectTypeId: type.id, recordId };
  await recordValuesRepository.replace(tx, scope, type.definition, values);
  const clash = await recordKeysRepository.replace(tx, scope, recordKeys(type.definition, values));
  // The importer may see what they import into; the holder is named as to anyone allowed the type.
  if (clash) throw duplicateKey(type, clash.key, null);
}

function placeChanges(before: RecordBefore, regionId: string | null, unitId: string | null) {
  const changes: RecordFieldChange[] = [];
  const n = (id: string | null) => (id === null ? null : Number(id));
  if (before.region_id !== regionId)
    changes.push({ field_tag: 'region', before: n(before.region_id), after: n(regionId) });
  if (before.business_unit_id !== unitId)
    changes.push({ field_tag: 'business_unit', before: n(before.business_unit_id), after: n(unitId) });
  return changes;
}

// The row's record, or null when an earlier attempt created it already (the unique index's backstop).
export async function createImportedRecord(
  tx: Tx,
  type: LoadedObjectType,
  writer: ImportWriter,
  row: number,
  input: ImportedValues,
): Promise<{ id: string; revision: number; title: string } | null> {
  const { data, title } = checkValues(type, {}, input.values);
  const regionId = input.regionId ?? null;
  const businessUnitId = input.businessUnitId ?? null;
  const inserted = await imported.insert(tx, {
    tenantId: writer.tenantId,
    objectTypeId: type.id,
    versionId: type.versionId,
    title,
    data,
    regionId,
    businessUnitId,
    userId: writer.userId,
    importId: writer.importId,
    importRow: row,
  });
  if (!inserted) return null;
  await projections(tx, writer.tenantId, type, inserted.id, data);
  await imported.activity(tx, {
    tenantId: writer.tenantId,
    recordId: inserted.id,
    action: 'imported',
    actorUserId: writer.userId,
    importId: writer.importId,
    changes: [
      ...valueChanges({}, data, fieldOrder(type)),
      ...placeChanges({ data: {}, region_id: null, business_unit_id: null }, regionId, businessUnitId),
    ],
  });
  return { id: inserted.id, revision: inserted.revision, title };
}

// Many rows' records at once, in a few statements (the run's speed). A unique key some record holds
// refuses the whole call: the import's batch then writes its rows one by one, and only the row
// holding that key fails. Rows an earlier attempt wrote are left out of the answer.
export async function createImportedRecords(
  tx: Tx,
  type: LoadedObjectType,
  writer: ImportWriter,
  rows: readonly { row: number; input: ImportedValues }[],
): Promise<Map<number, { id: string; revision: number; title: string }>> {
  const checked = rows.map(({ row, input }) => ({
    row,
    input,
    ...checkValues(type, {}, input.values),
  }));
  const inserted = await imported.insertMany(
    tx,
    checked.map((c) => ({
      tenantId: writer.tenantId,
      objectTypeId: type.id,
      versionId: type.versionId,
      title: c.title,
      data: c.data,
      regionId: c.input.regionId ?? null,
      businessUnitId: c.input.businessUnitId ?? null,
      userId: writer.userId,
      importId: writer.importId,
      importRow: c.row,
    })),
  );
  const byRow = new Map(checked.map((c) => [c.row, c]));
  const written = new Map<number, { id: string; revision: number; title: string }>();
  const values: ReturnType<typeof recordValueRows> = [];
  const keys: {
    tenant_id: string;
    object_type_id: string;
    key_name: string;
    key_value: string;
    record_id: string;
  }[] = [];
  const activity: Parameters<typeof imported.activityMany>[1][number][] = [];
  for (const record of inserted) {
    const c = byRow.get(record.import_row ?? 0);
    if (!c) continue;
    written.set(c.row, { id: record.id, revision: record.revision, title: c.title });
    const scope = { tenantId: writer.tenantId, objectTypeId: type.id, recordId: record.id };
    values.push(...recordValueRows(scope, type.definition, c.data));
    for (const key of recordKeys(type.definition, c.data)) {
      keys.push({
        tenant_id: writer.tenantId,
        object_type_id: type.id,
        key_name: key.name,
        key_value: key.value,
        record_id: record.id,
      });
    }
    const regionId = c.input.regionId ?? null;
    const unitId = c.input.businessUnitId ?? null;
    activity.push({
      tenantId: writer.tenantId,
      recordId: record.id,
      actorUserId: writer.userId,
      importId: writer.importId,
      changes: [
        ...valueChanges({}, c.data, fieldOrder(type)),
        ...placeChanges({ data: {}, region_id: null, business_unit_id: null }, regionId, unitId),
      ],
    });
  }
  await imported.insertValues(tx, values);
  if ((await imported.insertKeys(tx, keys)) < keys.length) throw await heldKey(tx, type, keys);
  await imported.activityMany(tx, activity);
  return written;
}

// The first of `keys` another record holds, as the duplicate_key refusal a record saved by hand gets.
async function heldKey(
  tx: Tx,
  type: LoadedObjectType,
  keys: readonly { key_name: string; key_value: string; record_id: string }[],
): Promise<AppError> {
  for (const key of keys) {
    const [holder] = await recordKeysRepository.holders(tx, type.id, key.key_name, [key.key_value]);
    if (!holder || holder.record_id === key.record_id) continue;
    const fields = type.definition.unique_keys.find((k) => uniqueKeyName(k) === key.key_name) ?? [];
    return duplicateKey(type, { name: key.key_name, value: key.key_value, fields }, null);
  }
  return new AppError(
    400,
    RECORD_ERROR_CODES.duplicateKey,
    RECORD_MESSAGES.duplicateKey(type.name, 'key', null),
  );
}

// The file's values over the record's (an empty cell leaves a field as it is).
export async function updateImportedRecord(
  tx: Tx,
  type: LoadedObjectType,
  writer: ImportWriter,
  recordId: string,
  input: ImportedValues,
): Promise<
  | { outcome: 'updated'; revision: number; title: string; before: RecordBefore }
  | { outcome: 'unchanged'; revision: number; title: string }
  | null
> {
  const current = await imported.lock(tx, type.id, recordId);
  if (!current) return null;
  const { data, title } = checkValues(type, current.data as Record<string, unknown>, input.values);
  const before: RecordBefore = {
    data: current.data as Record<string, unknown>,
    region_id: current.region_id,
    business_unit_id: current.business_unit_id,
  };
  const regionId = input.regionId === undefined ? before.region_id : input.regionId;
  const unitId = input.businessUnitId === undefined ? before.business_unit_id : input.businessUnitId;
  const changes = [
    ...valueChanges(before.data, data, fieldOrder(type)),
    ...placeChanges(before, regionId, unitId),
  ];
  if (changes.length === 0) return { outcome: 'unchanged', revision: current.revision, title: current.title };
  await recordsRepository.update(tx, recordId, writer.userId, {
    versionId: type.versionId,
    title,
    data,
    regionId,
    businessUnitId: unitId,
  });
  await projections(tx, writer.tenantId, type, recordId, data);
  await imported.activity(tx, {
    tenantId: writer.tenantId,
    recordId,
    action: 'imported',
    actorUserId: writer.userId,
    importId: writer.importId,
    changes,
  });
  return { outcome: 'updated', revision: current.revision + 1, title, before };
}

// Undo of one row (plan §4.5), re-checked under the record's lock: a record changed since the
// import (another revision), or one a workflow now names, is kept.
export async function undoImportedRecord(
  tx: Tx,
  type: LoadedObjectType,
  writer: ImportWriter,
  row: { recordId: string; revisionAfter: number; before: RecordBefore | null },
): Promise<'undone' | 'kept_changed'> {
  const current = await imported.lock(tx, type.id, row.recordId);
  if (!current) return 'undone';
  if (current.revision !== row.revisionAfter) return 'kept_changed';
  if (row.before === null) {
    if (await imported.isLinked(tx, row.recordId)) return 'kept_changed';
    await recordsRepository.delete(tx, row.recordId);
    return 'undone';
  }
  const data = row.before.data;
  const titleValue = data[type.definition.title_field];
  await recordsRepository.update(tx, row.recordId, writer.userId, {
    title: typeof titleValue === 'string' ? titleValue.trim() : String(titleValue ?? current.title),
    data,
    regionId: row.before.region_id,
    businessUnitId: row.before.business_unit_id,
  });
  await projections(tx, writer.tenantId, type, row.recordId, data);
  await imported.activity(tx, {
    tenantId: writer.tenantId,
    recordId: row.recordId,
    action: 'import_undone',
    actorUserId: writer.userId,
    importId: writer.importId,
    changes: [
      ...valueChanges(current.data as Record<string, unknown>, data, fieldOrder(type)),
      ...placeChanges(
        { data: {}, region_id: current.region_id, business_unit_id: current.business_unit_id },
        row.before.region_id,
        row.before.business_unit_id,
      ),
    ],
  });
  return 'undone';
}
