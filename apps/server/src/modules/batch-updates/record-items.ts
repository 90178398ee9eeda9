import {
  BATCH_UPDATE_ITEM_MESSAGES,
  BATCH_UPDATE_MESSAGES,
  type BatchUpdateChanges,
  RECORD_MESSAGES,
} from '@attest/shared';
import { AppError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  type ChangeableRecord,
  changeableRecord,
  checkValues,
  editRecordIn,
  type LoadedObjectType,
} from '../records/index.js';
import { archivedPlaceRefusal, type ItemPlan, type ItemValues, type PlaceNames } from './update-items.js';

// A batch update of records (issue 18, plan §5): each record's plan and write go through the records
// module's own rules and edit path (values checked by the type's fields, the place checked, activity,
// value and key projections, revision), as a record edited by hand.

type Named = { id: string; name: string };
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const named = (map: Map<string, Named>, id: string | null): Named | null =>
  id === null ? null : (map.get(id) ?? { id, name: id });

// A refusal in the words the records API answers with: each field's own messages, when it names them.
export function recordRefusal(error: unknown): string | null {
  if (error instanceof NotFoundError) return BATCH_UPDATE_ITEM_MESSAGES.recordGone;
  if (!(error instanceof AppError)) return null;
  const fields = Object.values(error.fieldErrors ?? {}).flat();
  return fields.length > 0 ? [...new Set(fields)].join(' ') : error.message;
}

// The record as it stands, locked, when the person may change it; a refusal's message otherwise.
export async function lockRecord(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  recordId: string,
): Promise<{ ok: true; current: ChangeableRecord } | { ok: false; message: string }> {
  try {
    return { ok: true, current: await changeableRecord(tx, ctx, type, Number(recordId)) };
  } catch (error) {
    const message = recordRefusal(error);
    if (message === null) throw error;
    return { ok: false, message };
  }
}

// What the update would do to one record: the preview shows it, the job recomputes it under the
// record's lock before writing.
export function planRecordItem(
  type: LoadedObjectType,
  current: ChangeableRecord,
  changes: BatchUpdateChanges,
  names: PlaceNames,
): ItemPlan {
  const before: ItemValues = {};
  const after: ItemValues = {};
  const refuse = (message: string): ItemPlan => ({ outcome: 'refused', before, message });
  const answers = changes.answers ?? {};
  const tags = Object.keys(answers);
  if (tags.length > 0) {
    before.answers = Object.fromEntries(tags.map((tag) => [tag, current.data[tag] ?? null]));
  }
  const movesPlace = changes.region_id !== undefined || changes.business_unit_id !== undefined;
  if (movesPlace) {
    before.region = named(names.regions, current.region_id);
    before.business_unit = named(names.units, current.business_unit_id);
  }
  if (current.archived_at !== null) return refuse(RECORD_MESSAGES.archived);
  if (tags.length > 0) {
    try {
      const { data } = checkValues(type, current.data, answers);
      after.answers = Object.fromEntries(tags.map((tag) => [tag, data[tag] ?? null]));
    } catch (error) {
      const message = recordRefusal(error);
      if (message === null) throw error;
      return refuse(message);
    }
  }
  if (movesPlace) {
    const regionId = changes.region_id === undefined ? current.region_id : String(changes.region_id);
    // A unit belongs to one region: a new region without a unit takes the old unit away.
    const unitId =
      changes.business_unit_id !== undefined
        ? changes.business_unit_id === null
          ? null
          : String(changes.business_unit_id)
        : regionId === current.region_id
          ? current.business_unit_id
          : null;
    const region = named(names.regions, regionId);
    const unit = unitId === null ? null : names.units.get(unitId);
    if (unitId !== null && unit?.region_id !== regionId) {
      return refuse(BATCH_UPDATE_MESSAGES.unitOutsideRegion(unit?.name ?? unitId, region?.name ?? ''));
    }
    const archived = archivedPlaceRefusal(
      names,
      { regionId: current.region_id, unitId: current.business_unit_id },
      { region, unit: unit ?? null },
    );
    if (archived) return refuse(archived);
    after.region = region;
    after.business_unit = unit ? { id: unit.id, name: unit.name } : null;
  }
  const unchanged =
    same(before.answers, after.answers) &&
    same(before.region, after.region) &&
    same(before.business_unit, after.business_unit);
  return { outcome: unchanged ? 'unchanged' : 'pending', before, after };
}

// Writes one record's values (the plan's after, or undo's before) through the records' edit path.
// Answers the revision it left.
export async function writeRecordValues(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  current: ChangeableRecord,
  values: ItemValues,
  log: { action: 'batch_updated' | 'update_undone'; batchUpdateId: string },
): Promise<number> {
  const { revision } = await editRecordIn(
    tx,
    ctx,
    type,
    current,
    {
      values: values.answers ?? {},
      ...(values.region !== undefined && {
        regionId: values.region?.id ?? null,
        businessUnitId: values.business_unit?.id ?? null,
      }),
    },
    log,
  );
  return revision;
}
