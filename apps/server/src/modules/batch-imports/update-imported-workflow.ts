import { IMPORT_ROW_MESSAGES } from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import { silentPublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  type ChangeHooks,
  type LoadedWorkflow,
  loadChangeableWorkflow,
  moveWorkflowPlace,
  placeAccess,
  saveAnswerIn,
} from '../workflows/index.js';
import { importRunRepository } from './import-run.repository.js';

// A workflows import in update (or upsert) mode, and its undo (plan §4.4-4.5): one workflow the
// importer may change gets the row's answers through the engine's own answer path (saveAnswerIn: the
// field's validation, status, alerts, history and record links follow) and its place through
// moveWorkflowPlace, as a batch update does. What it held before is kept, so undo can put it back.

// What the row changed, as it was: answers by field tag (null: unanswered), and the place when moved.
export type WorkflowBefore = {
  answers: Record<string, unknown>;
  region_id?: string;
  business_unit_id?: string | null;
};

// The row's place by name: undefined where the file has no such column or the cell is empty (the
// workflow keeps it).
export type PlaceNames = { region: string | undefined; unit: string | undefined };
type Places = {
  regions: readonly { id: string; name: string }[];
  units: readonly { id: string; name: string; region_id: string }[];
};

// Imports do not queue integration runs nor publish per-workflow events; created workflows do not either.
const HOOKS: ChangeHooks = { integrations: null, realtime: silentPublisher, tasks: null };
const fold = (name: string) => name.trim().toLowerCase();
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const rowRefusal = (message: string) => new AppError(400, 'import_row_refused', message);

// The place the workflow moves to, or null when it stays. A new region without a unit takes the old
// unit away (a unit lies in one region); a unit alone is looked for in the workflow's region.
async function targetPlace(
  tx: Tx,
  actor: UserContext,
  loaded: LoadedWorkflow,
  names: PlaceNames,
  places: Places,
): Promise<{ regionId: string; businessUnitId: string | null } | null> {
  if (names.region === undefined && names.unit === undefined) return null;
  const { row } = loaded;
  let regionId = row.region_id;
  let regionName = places.regions.find((r) => r.id === regionId)?.name ?? regionId;
  if (names.region !== undefined) {
    const region = places.regions.find((r) => fold(r.name) === fold(names.region ?? ''));
    if (!region) throw rowRefusal(IMPORT_ROW_MESSAGES.unknown_region({ value: names.region }));
    regionId = region.id;
    regionName = region.name;
  }
  let unitId = regionId === row.region_id ? row.business_unit_id : null;
  if (names.unit !== undefined) {
    const unit = places.units.find(
      (u) => u.region_id === regionId && fold(u.name) === fold(names.unit ?? ''),
    );
    if (!unit)
      throw rowRefusal(IMPORT_ROW_MESSAGES.unit_outside_region({ unit: names.unit, region: regionName }));
    unitId = unit.id;
  }
  if (regionId === row.region_id && unitId === row.business_unit_id) return null;
  if ((await placeAccess(tx, actor.auth.user.id, regionId, unitId)) !== 'full') {
    const value = unitId === null ? regionName : (names.unit ?? regionName);
    throw rowRefusal(IMPORT_ROW_MESSAGES.place_not_allowed({ value }));
  }
  return { regionId, businessUnitId: unitId };
}

// Answers first, each on the state the previous one left, then the place.
async function writeWorkflow(
  tx: Tx,
  actor: UserContext,
  loaded: LoadedWorkflow,
  answers: Record<string, unknown>,
  place: { regionId: string; businessUnitId: string | null } | null,
  details: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const before: Record<string, unknown> = {};
  let current = loaded;
  for (const [tag, value] of Object.entries(answers)) {
    const had = current.state.answers[tag] ?? null;
    const { changed } = await saveAnswerIn(tx, actor, current, { field_tag: tag, value }, HOOKS);
    if (!changed) continue;
    before[tag] = had;
    current = {
      ...current,
      state: { ...current.state, answers: { ...current.state.answers, [tag]: value } },
    };
  }
  if (place) await moveWorkflowPlace(tx, actor, current, place, details);
  return before;
}

export async function updateImportedWorkflow(
  tx: Tx,
  input: {
    actor: UserContext;
    importId: string;
    workflowId: string;
    answers: Record<string, unknown>;
    place: PlaceNames;
    places: Places;
  },
): Promise<{
  outcome: 'updated' | 'unchanged';
  before: WorkflowBefore | null;
  activityIdAfter: string | null;
}> {
  const { actor, workflowId } = input;
  // Locked, and checked again: the importer's access or the workflow may have changed since the preview.
  const loaded = await loadChangeableWorkflow(tx, actor, workflowId);
  const place = await targetPlace(tx, actor, loaded, input.place, input.places);
  const answers = await writeWorkflow(tx, actor, loaded, input.answers, place, {
    import_id: Number(input.importId),
  });
  if (Object.keys(answers).length === 0 && place === null)
    return { outcome: 'unchanged', before: null, activityIdAfter: null };
  const before: WorkflowBefore = { answers };
  if (place) {
    before.region_id = loaded.row.region_id;
    before.business_unit_id = loaded.row.business_unit_id;
  }
  const last = await importRunRepository.lastActivityIds(tx, [workflowId]);
  return { outcome: 'updated', before, activityIdAfter: last.get(workflowId) ?? null };
}

// Undo of one updated workflow, under its lock: its answers and place put back, unless someone acted
// on it since the import (any later activity), or it is no longer the undoer's to change; then kept.
// The caller runs it in a savepoint: a refusal of the engine keeps the workflow as it is.
export async function undoImportedWorkflow(
  tx: Tx,
  input: {
    actor: UserContext;
    importId: string;
    workflowId: string;
    activityIdAfter: string | null;
    before: WorkflowBefore | null;
  },
): Promise<'undone' | 'kept_changed'> {
  const { actor, workflowId, before } = input;
  let loaded: LoadedWorkflow;
  try {
    loaded = await loadChangeableWorkflow(tx, actor, workflowId);
  } catch (error) {
    if (error instanceof AppError) return 'kept_changed';
    throw error;
  }
  const last = (await importRunRepository.lastActivityIds(tx, [workflowId])).get(workflowId);
  if (last !== undefined && BigInt(last) > BigInt(input.activityIdAfter ?? 0)) return 'kept_changed';
  if (!before) return 'undone';
  const place =
    before.region_id === undefined
      ? null
      : { regionId: before.region_id, businessUnitId: before.business_unit_id ?? null };
  const moved =
    place && (place.regionId !== loaded.row.region_id || place.businessUnitId !== loaded.row.business_unit_id)
      ? place
      : null;
  const answers = Object.fromEntries(
    Object.entries(before.answers).filter(([tag, value]) => !same(loaded.state.answers[tag], value)),
  );
  await writeWorkflow(tx, actor, loaded, answers, moved, {
    import_id: Number(input.importId),
    undone: true,
  });
  return 'undone';
}
