import {
  BATCH_UPDATE_ITEM_MESSAGES,
  type BatchUpdate,
  type BatchUpdateItem,
  type BatchUpdateItemsQuery,
  type BatchUpdateSelection,
  BATCH_UPDATE_ERROR_CODES as CODES,
  type CreateBatchUpdateRequest,
  decodeListQuery,
  listQueryFromSearch,
  MAX_BATCH_UPDATE_ITEMS,
  BATCH_UPDATE_MESSAGES as MESSAGES,
  type PageQuery,
  RECORD_ERROR_CODES,
  RECORD_MESSAGES,
  RecordListQuerySchema,
  WORKFLOW_MESSAGES,
  WorkflowListQuerySchema,
} from '@attest/shared';
import { type SqlBool, sql } from 'kysely';
import { AppError, BadRequestError, DetailedBadRequestError, NotFoundError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import {
  type LoadedObjectType,
  loadObjectType,
  recordListWhere,
  recordVisibility,
} from '../records/index.js';
import { checkListEnvironment, listSelection } from '../workflow-list/index.js';
import {
  businessUnitRegion,
  changeableWorkflowsFilter,
  placeAccess,
  placeGrantFilter,
  visibleWorkflowsFilter,
} from '../workflows/index.js';
import {
  type BatchUpdateListRow,
  type NameVisibility,
  type SelectedIds,
  batchUpdatesRepository as updates,
} from './batch-updates.repository.js';
import { storedIds } from './ids-file.js';
import type { BatchUpdateRunner } from './update-runner.js';

const refusal = (code: string, message: string) => new AppError(400, code, message);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBatchUpdate(row: BatchUpdateListRow): BatchUpdate {
  const person = (id: string | null, name: string | null, email: string | null) =>
    id === null ? null : { id: Number(id), name: name ?? email ?? '', email: email ?? '' };
  const moving = ['running', 'undoing', 'selecting'].includes(row.state);
  return {
    id: Number(row.id),
    target: row.target,
    kind: row.kind_id
      ? { id: Number(row.kind_id), tag: row.kind_tag ?? '', name: row.kind_name ?? '' }
      : null,
    object_type: row.object_type_id
      ? { id: Number(row.object_type_id), tag: row.object_type_tag ?? '', name: row.object_type_name ?? '' }
      : null,
    state: row.state,
    changes: row.changes as BatchUpdate['changes'],
    total: row.total,
    done: row.done,
    changed: row.changed,
    skipped: row.skipped,
    failed: row.failed,
    progress: row.total === 0 ? (moving ? 0 : 1) : Math.min(1, row.done / row.total),
    can_undo: row.state === 'finished' && row.changed > 0,
    error: row.error,
    created_by: person(row.created_by, row.created_by_name, row.created_by_email),
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    undone_at: iso(row.undone_at),
    undone_by: person(row.undone_by, row.undone_by_name, row.undone_by_email),
  };
}

// The new place must be one the person may create workflows (or records) in, and a unit must lie in
// the region.
async function checkPlace(
  tx: Tx,
  ctx: UserContext,
  changes: CreateBatchUpdateRequest['changes'],
  notAllowed: () => AppError,
) {
  if (changes.region_id === undefined && changes.business_unit_id === undefined) return;
  const unitId = changes.business_unit_id == null ? null : String(changes.business_unit_id);
  const { regions, units } = await updates.places(tx);
  // Issue 19: an archived place takes nothing new in; said by name, not as "does not exist".
  const unit = unitId === null ? undefined : units.find((u) => u.id === unitId);
  if (unit?.archived_at) {
    const message = MESSAGES.businessUnitArchived(unit.name);
    throw new AppError(400, CODES.placeArchived, message, { business_unit_id: [message] });
  }
  const unitRegion = unitId === null ? undefined : await businessUnitRegion(tx, unitId);
  if (unitId !== null && unitRegion === undefined) {
    throw new BadRequestError(WORKFLOW_MESSAGES.business_unit_not_in_region, {
      business_unit_id: [WORKFLOW_MESSAGES.business_unit_not_in_region],
    });
  }
  const regionId = changes.region_id === undefined ? unitRegion : String(changes.region_id);
  if (regionId === undefined) return;
  const region = regions.find((r) => r.id === regionId);
  if (!region) {
    throw new BadRequestError(WORKFLOW_MESSAGES.region_not_found, {
      region_id: [WORKFLOW_MESSAGES.region_not_found],
    });
  }
  if (region.archived_at) {
    const message = MESSAGES.regionArchived(region.name);
    throw new AppError(400, CODES.placeArchived, message, { region_id: [message] });
  }
  if (unitId !== null && unitRegion !== regionId) {
    const unit = units.find((u) => u.id === unitId);
    throw refusal(CODES.unitOutsideRegion, MESSAGES.unitOutsideRegion(unit?.name ?? unitId, region.name));
  }
  if ((await placeAccess(tx, ctx.auth.user.id, regionId, unitId)) !== 'full') throw notAllowed();
}

const workflowPlaceNotAllowed = () => refusal(CODES.placeNotAllowed, MESSAGES.placeNotAllowed);
const recordPlaceNotAllowed = () =>
  new AppError(403, RECORD_ERROR_CODES.noPlaceAccess, RECORD_MESSAGES.noPlaceAccess);

// The selection's items. An ids file's ids are all items, and those the selection does not yield
// (none such, another tenant's, not visible) fail with `notFound`, never changed; otherwise only
// what the selection yields is an item.
async function freezeItems(
  tx: Tx,
  ctx: UserContext,
  updateId: string,
  ids: SelectedIds,
  fileIds: string[] | null,
  notFound: string,
): Promise<number> {
  if (fileIds !== null) {
    const total = await updates.insertIdItems(tx, ctx.tenant.id, updateId, fileIds);
    await updates.failUnselected(tx, updateId, ids, notFound);
    return total;
  }
  return updates.insertItems(tx, ctx.tenant.id, updateId, ids, MAX_BATCH_UPDATE_ITEMS + 1);
}

// The workflows the selection names: the dashboard list's own rows for its filters, of those the
// person may change (so nothing offered is refused for access later), or the given ids of those the
// person may see (a read-only one is listed as refused; an invisible one is never selected).
async function selectedIds(tx: Tx, ctx: UserContext, body: CreateBatchUpdateRequest): Promise<SelectedIds> {
  const userId = ctx.auth.user.id;
  const kindId = body.kind_id === undefined ? null : String(body.kind_id);
  const { selection } = body;
  const base = tx
    .selectFrom('workflows as w')
    .select('w.id')
    .where('w.tenant_id', '=', ctx.tenant.id)
    .where(visibleWorkflowsFilter(userId))
    // A file's id of another kind is an item the preview refuses by name.
    .$if(kindId !== null && !('ids_file' in selection), (q) => q.where('w.kind_id', '=', kindId as string));
  if ('ids_file' in selection) return base;
  if ('ids' in selection) {
    return base.where('w.id', 'in', selection.ids.map(String));
  }
  const query = WorkflowListQuerySchema.safeParse(listQueryFromSearch(new URLSearchParams(selection.query)));
  if (!query.success)
    throw new BadRequestError(undefined, { selection: [query.error.issues[0]?.message ?? ''] });
  const decoded = decodeListQuery(query.data);
  if (!decoded.ok) {
    const { param, key, detail } = decoded.problem;
    throw new BadRequestError(`${param}: ${detail ?? key}`, { [param]: [key] });
  }
  checkListEnvironment(ctx, decoded.state);
  const scope = await listSelection(tx, { tenantId: ctx.tenant.id, userId, state: decoded.state });
  return base.where(changeableWorkflowsFilter(userId)).where(scope.where);
}

// The records the selection names, of one type: the records list's own where-clause for its filters
// (the query string GET records/:tag/ takes), of those the person may change; or the given ids of
// those the person may see (one they may only see is refused at preview). A record the person cannot
// see is never selected.
function selectedRecordIds(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  selection: BatchUpdateSelection,
): SelectedIds {
  const userId = ctx.auth.user.id;
  const base = tx
    .selectFrom('records as r')
    .select('r.id')
    .where('r.object_type_id', '=', type.id)
    .where(recordVisibility(type, userId));
  if ('ids_file' in selection) return base;
  if ('ids' in selection) return base.where('r.id', 'in', selection.ids.map(String));
  const parsed = RecordListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(selection.query)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = String(issue?.path[0] ?? 'selection');
    throw new BadRequestError(`${param}: ${issue?.message ?? ''}`, { [param]: [issue?.message ?? ''] });
  }
  return base
    .where(recordListWhere(type, userId, parsed.data, new Date()))
    .where(recordVisibility(type, userId, 'full'));
}

// The type's own rules for what may change: its fields, and a region or unit only where it has them.
function checkRecordChanges(type: LoadedObjectType, changes: CreateBatchUpdateRequest['changes']) {
  for (const tag of Object.keys(changes.answers ?? {})) {
    if (!type.definition.fields.some((field) => field.tag === tag)) {
      const message = RECORD_MESSAGES.unknownField(type.tag, tag);
      throw new AppError(400, RECORD_ERROR_CODES.unknownField, message, { [tag]: [message] });
    }
  }
  if (changes.region_id !== undefined && !type.hasRegion) {
    const message = RECORD_MESSAGES.noRegion(type.name);
    throw new AppError(400, RECORD_ERROR_CODES.noRegion, message, { region_id: [message] });
  }
  if (changes.business_unit_id !== undefined && !type.hasBusinessUnit) {
    const message = RECORD_MESSAGES.noBusinessUnit(type.name);
    throw new AppError(400, RECORD_ERROR_CODES.noBusinessUnit, message, { business_unit_id: [message] });
  }
}

export async function createBatchUpdate(
  ctx: UserContext,
  body: CreateBatchUpdateRequest,
  runner: BatchUpdateRunner,
  files: FileStore,
): Promise<BatchUpdate> {
  const { changes, selection } = body;
  // No status is set by hand in this engine: every status follows from the steps (plan §5.3), so a
  // status change is refused with the plan's message.
  if (changes.status_tag !== undefined) {
    throw refusal(CODES.statusNotManual, MESSAGES.statusNotManual(changes.status_tag));
  }
  // Read before the transaction: no file is read while it holds a connection.
  const fileIds = 'ids_file' in selection ? await storedIds(ctx, files, selection.ids_file) : null;
  const created = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const records = body.target === 'records';
    const type = records ? await loadObjectType(tx, ctx.tenant.id, body.object_type ?? '') : null;
    if (type) checkRecordChanges(type, changes);
    if (!records && body.kind_id !== undefined) {
      const kind = await tx
        .selectFrom('workflow_kinds')
        .select('id')
        .where('id', '=', String(body.kind_id))
        .executeTakeFirst();
      if (!kind)
        throw new BadRequestError(WORKFLOW_MESSAGES.kind_not_found, {
          kind_id: [WORKFLOW_MESSAGES.kind_not_found],
        });
    }
    await checkPlace(tx, ctx, changes, type ? recordPlaceNotAllowed : workflowPlaceNotAllowed);
    const ids = type ? selectedRecordIds(tx, ctx, type, selection) : await selectedIds(tx, ctx, body);
    const id = await updates.insert(tx, {
      tenantId: ctx.tenant.id,
      userId: ctx.auth.user.id,
      target: body.target,
      kindId: !records && body.kind_id !== undefined ? String(body.kind_id) : null,
      objectTypeId: type?.id ?? null,
      selection,
      changes,
    });
    const notFound = type
      ? BATCH_UPDATE_ITEM_MESSAGES.recordNotFound
      : BATCH_UPDATE_ITEM_MESSAGES.workflowNotFound;
    const total = await freezeItems(tx, ctx, id, ids, fileIds, notFound);
    if (total > MAX_BATCH_UPDATE_ITEMS) {
      const matches = await tx
        .selectFrom(ids.as('s'))
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      throw refusal(
        CODES.tooManyItems,
        MESSAGES.tooManyItems(Number(matches.n), body.target, MAX_BATCH_UPDATE_ITEMS),
      );
    }
    return id;
  });
  await runner.dispatch({ tenantId: ctx.tenant.id, updateId: created });
  return getBatchUpdate(ctx, Number(created));
}

// Who may see an item's name: the list names no workflow or record the person cannot see now.
export async function itemNames(tx: Tx, ctx: UserContext, row: BatchUpdateListRow): Promise<NameVisibility> {
  const userId = ctx.auth.user.id;
  if (row.target === 'workflows') {
    return {
      target: 'workflows',
      visible: placeGrantFilter(userId, sql.ref('w.region_id'), sql.ref('w.business_unit_id')),
    };
  }
  const type = row.object_type_tag
    ? await loadObjectType(tx, ctx.tenant.id, row.object_type_tag).catch(() => null)
    : null;
  return { target: 'records', visible: type ? recordVisibility(type, userId) : sql<SqlBool>`false` };
}

async function ownOr404(tx: Tx, ctx: UserContext, id: number) {
  const row = await updates.findOwn(tx, String(id), ctx.auth.user.id);
  if (!row) throw new NotFoundError();
  return row;
}

// The person's own batch update, or 404.
export function ownBatchUpdate(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => ownOr404(tx, ctx, id));
}

export function getBatchUpdate(ctx: UserContext, id: number): Promise<BatchUpdate> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => toBatchUpdate(await ownOr404(tx, ctx, id)));
}

// A person's own batch updates, newest first: the items show workflows as that person saw them.
export function listBatchUpdates(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await updates.pageOwn(tx, ctx.auth.user.id, page);
    return { rows: rows.map(toBatchUpdate), count };
  });
}

export function batchUpdateItems(ctx: UserContext, id: number, query: BatchUpdateItemsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const own = await ownOr404(tx, ctx, id);
    const { rows, count } = await updates.itemsPage(tx, String(id), query, await itemNames(tx, ctx, own));
    const items: BatchUpdateItem[] = rows.map((r) => ({
      target_id: Number(r.target_id),
      name: r.name ?? '',
      before: (r.before ?? {}) as Record<string, unknown>,
      after: r.after as Record<string, unknown> | null,
      outcome: r.outcome,
      message: r.message,
    }));
    return { items, count };
  });
}

export async function applyBatchUpdate(ctx: UserContext, id: number, runner: BatchUpdateRunner) {
  await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await ownOr404(tx, ctx, id);
    const update = await updates.find(tx, String(id), { forUpdate: true });
    if (update?.state === 'selecting') throw refusal(CODES.notPreviewed, MESSAGES.notPreviewed);
    if (update?.state !== 'previewed') throw refusal(CODES.notApplicable, MESSAGES.notApplicable);
    if ((await updates.pendingCount(tx, update.id)) === 0)
      throw refusal(CODES.nothingToApply, MESSAGES.nothingToApply);
    await updates.update(tx, update.id, { state: 'queued', cursor_item_id: '0', done: 0 });
  });
  await runner.dispatch({ tenantId: ctx.tenant.id, updateId: String(id) });
  return getBatchUpdate(ctx, id);
}

// Undo only while no changed workflow or record was changed since (plan §4.5): any later activity on one of
// them refuses it, naming them, and nothing is undone.
export async function undoBatchUpdate(ctx: UserContext, id: number, runner: BatchUpdateRunner) {
  await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await ownOr404(tx, ctx, id);
    const update = await updates.find(tx, String(id), { forUpdate: true });
    if (update?.state !== 'finished') throw refusal(CODES.notFinished, MESSAGES.notFinished);
    const changed =
      update.target === 'records'
        ? await updates.recordsChangedSince(tx, update.id, 1000)
        : await updates.changedSince(tx, update.id, 1000);
    if (changed.length > 0) {
      const targetIds = changed.map(Number);
      throw new DetailedBadRequestError(CODES.changedSince, MESSAGES.changedSince(targetIds), {
        target_ids: targetIds,
      });
    }
    await updates.update(tx, update.id, {
      state: 'undoing',
      undo_cursor_item_id: '0',
      done: 0,
      undone_by: ctx.auth.user.id,
    });
  });
  await runner.dispatch({ tenantId: ctx.tenant.id, updateId: String(id) });
  return getBatchUpdate(ctx, id);
}
