import {
  ANSWER_EDIT_MESSAGES,
  BATCH_UPDATE_ITEM_MESSAGES,
  BATCH_UPDATE_MESSAGES,
  type BatchUpdateChanges,
  editAnswer,
  flattenSteps,
  WORKFLOW_MESSAGES,
  type WorkflowState,
} from '@attest/shared';
import { AppError, DetailedBadRequestError } from '../../platform/errors.js';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  addStepUserIn,
  answersRepository,
  type ChangeHooks,
  type LoadedWorkflow,
  moveWorkflowPlace,
  removeStepUserIn,
  saveAnswerIn,
  stepAssignees,
  workflowEvents,
} from '../workflows/index.js';
import { batchUpdatesRepository as updates } from './batch-updates.repository.js';

type Named = { id: string; name: string };
export type PlaceNames = {
  regions: Map<string, Named>;
  units: Map<string, Named & { region_id: string }>;
  // Issue 19: archived places take nothing new in.
  archived: Set<string>;
};
// Before and after hold only what the update changes (shared BatchUpdateItemSchema).
export type ItemValues = {
  answers?: Record<string, unknown>;
  region?: Named | null;
  business_unit?: Named | null;
  // By step tag: the user ids assigned (groups stay as they are).
  assignees?: Record<string, number[]>;
};
export type ItemPlan =
  | { outcome: 'pending' | 'unchanged'; before: ItemValues; after: ItemValues }
  | { outcome: 'refused'; before: ItemValues; message: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function named(map: Map<string, Named>, id: string | null): Named | null {
  return id === null ? null : (map.get(id) ?? { id, name: id });
}

export async function placeNames(tx: Tx): Promise<PlaceNames> {
  const { regions, units } = await updates.places(tx);
  return {
    regions: new Map(regions.map((r) => [r.id, { id: r.id, name: r.name }])),
    units: new Map(units.map((u) => [u.id, { id: u.id, name: u.name, region_id: u.region_id }])),
    archived: new Set([
      ...regions.filter((r) => r.archived_at !== null).map((r) => `region:${r.id}`),
      ...units.filter((u) => u.archived_at !== null).map((u) => `unit:${u.id}`),
    ]),
  };
}

// Why an item may not move to its new place: an archived region or unit it is not in already (a place
// is archived only once empty, so this is a move into it). Null when the move may go ahead.
export function archivedPlaceRefusal(
  names: PlaceNames,
  current: { regionId: string | null; unitId: string | null },
  target: { region: Named | null; unit: Named | null },
): string | null {
  const { region, unit } = target;
  if (region && region.id !== current.regionId && names.archived.has(`region:${region.id}`)) {
    return BATCH_UPDATE_MESSAGES.regionArchived(region.name);
  }
  if (unit && unit.id !== current.unitId && names.archived.has(`unit:${unit.id}`)) {
    return BATCH_UPDATE_MESSAGES.businessUnitArchived(unit.name);
  }
  return null;
}

// What the update would do to one workflow as it stands: the preview shows it, the job recomputes it
// under the workflow's lock before writing (so `before` is what the workflow held when changed).
export async function planItem(
  tx: Tx,
  loaded: LoadedWorkflow,
  changes: BatchUpdateChanges,
  kindId: string | null,
  names: PlaceNames,
): Promise<ItemPlan> {
  const { row } = loaded;
  const before: ItemValues = {};
  const after: ItemValues = {};
  const refuse = (message: string): ItemPlan => ({ outcome: 'refused', before, message });

  const answers = Object.entries(changes.answers ?? {});
  if (answers.length > 0) {
    before.answers = {};
    after.answers = {};
    for (const [tag] of answers) before.answers[tag] = loaded.state.answers[tag] ?? null;
  }
  const movesPlace = changes.region_id !== undefined || changes.business_unit_id !== undefined;
  if (movesPlace) {
    before.region = named(names.regions, row.region_id);
    before.business_unit = named(names.units, row.business_unit_id);
  }
  if (loaded.access !== 'full') return refuse(WORKFLOW_MESSAGES.read_only);
  if (row.archived_at) return refuse(WORKFLOW_MESSAGES.workflow_archived);
  if (kindId !== null && row.kind_id !== kindId) return refuse(BATCH_UPDATE_ITEM_MESSAGES.otherKind);

  let state: WorkflowState = loaded.state;
  const steps = flattenSteps(loaded.definition);
  for (const [tag, value] of answers) {
    const step = steps.find((s) => s.fields.some((f) => f.tag === tag));
    if (!step) return refuse(BATCH_UPDATE_ITEM_MESSAGES.unknownField(tag));
    if (await answersRepository.isStepLocked(tx, row.id, step.tag)) {
      return refuse(WORKFLOW_MESSAGES.step_locked);
    }
    const edit = editAnswer(loaded.definition, state, tag, value);
    if (!edit.ok) {
      return refuse(
        edit.errors.length ? edit.errors.map((e) => e.message).join(' ') : ANSWER_EDIT_MESSAGES[edit.code],
      );
    }
    (after.answers as Record<string, unknown>)[tag] = edit.value;
    state = edit.state;
  }

  for (const change of changes.assignees ?? []) {
    if (!steps.some((s) => s.tag === change.step_tag)) {
      return refuse(BATCH_UPDATE_ITEM_MESSAGES.unknownStep(change.step_tag));
    }
    const current = await assignedUsers(tx, row.id, change.step_tag);
    before.assignees = { ...before.assignees, [change.step_tag]: current };
    const target = new Set([...current, ...change.add]);
    for (const id of change.remove) target.delete(id);
    after.assignees = { ...after.assignees, [change.step_tag]: [...target].sort((a, b) => a - b) };
  }

  if (movesPlace) {
    const regionId = changes.region_id === undefined ? row.region_id : String(changes.region_id);
    // A unit belongs to one region: a new region without a unit takes the old unit away.
    const unitId =
      changes.business_unit_id !== undefined
        ? changes.business_unit_id === null
          ? null
          : String(changes.business_unit_id)
        : regionId === row.region_id
          ? row.business_unit_id
          : null;
    const region = named(names.regions, regionId);
    const unit = unitId === null ? null : names.units.get(unitId);
    if (unitId !== null && unit?.region_id !== regionId) {
      return refuse(BATCH_UPDATE_MESSAGES.unitOutsideRegion(unit?.name ?? unitId, region?.name ?? regionId));
    }
    const archived = archivedPlaceRefusal(
      names,
      { regionId: row.region_id, unitId: row.business_unit_id },
      { region, unit: unit ?? null },
    );
    if (archived) return refuse(archived);
    after.region = region;
    after.business_unit = unit ? { id: unit.id, name: unit.name } : null;
  }
  const unchanged =
    same(before.answers, after.answers) &&
    same(before.region, after.region) &&
    same(before.business_unit, after.business_unit) &&
    same(before.assignees, after.assignees);
  return { outcome: unchanged ? 'unchanged' : 'pending', before, after };
}

async function assignedUsers(tx: Tx, workflowId: string, stepTag: string): Promise<number[]> {
  const assignees = await stepAssignees(tx, workflowId, stepTag);
  return assignees.flatMap((a) => (a.user_id === null ? [] : [a.user_id])).sort((a, b) => a - b);
}

// What a batch hands on once it committed: live events, and the integration runs of opened steps.
export type AfterCommit = { events: OutgoingEvent[]; runs: object[] };

// Writes one item's values through the engine's own paths: answers as the answer API saves them
// (validation, status, alerts and tasks follow), the place with its activity row.
export async function writeValues(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  values: ItemValues,
  hooks: ChangeHooks,
  details: Record<string, unknown>,
  after: AfterCommit,
) {
  let current = loaded;
  for (const [tag, value] of Object.entries(values.answers ?? {})) {
    const { changed, runs } = await saveAnswerIn(tx, ctx, current, { field_tag: tag, value }, hooks);
    after.runs.push(...runs);
    const { events } = after;
    // Open process pages refetch, as after an answer saved by hand.
    if (changed) {
      events.push(workflowEvents.answered(ctx, loaded.row.id, changed.stepTag, [changed.fieldTag]));
      if (changed.statusId) events.push(workflowEvents.statusChanged(ctx, loaded.row.id, changed.statusId));
    }
    // The next answer is edited on the state this one left.
    current = {
      ...current,
      state: { ...current.state, answers: { ...current.state.answers, [tag]: value } },
    };
  }
  for (const [stepTag, userIds] of Object.entries(values.assignees ?? {})) {
    const rows = (await stepAssignees(tx, loaded.row.id, stepTag)).filter((a) => a.user_id !== null);
    const wanted = new Set(userIds);
    const had = new Set(rows.map((a) => a.user_id));
    for (const row of rows) {
      if (wanted.has(row.user_id as number)) continue;
      const { events } = await removeStepUserIn(tx, ctx, current, stepTag, row.id, { ipAddress: null });
      after.events.push(...events);
    }
    for (const userId of userIds) {
      if (had.has(userId)) continue;
      const { events } = await addStepUserIn(
        tx,
        ctx,
        current,
        stepTag,
        { user_id: userId },
        { ipAddress: null },
      );
      after.events.push(...events);
    }
  }
  if (values.region !== undefined && values.region !== null) {
    await moveWorkflowPlace(
      tx,
      ctx,
      current,
      { regionId: values.region.id, businessUnitId: values.business_unit?.id ?? null },
      details,
    );
  }
}

// An item's refusal in the words the person would get from the API for the same change.
export function refusalMessage(error: unknown): string | null {
  if (error instanceof DetailedBadRequestError) {
    const problems = (error.extra.problems ?? []) as { errors: { message: string }[] }[];
    const messages = problems.flatMap((p) => p.errors.map((e) => e.message));
    return messages.length > 0 ? messages.join(' ') : error.message;
  }
  if (error instanceof AppError) return error.message;
  return null;
}
