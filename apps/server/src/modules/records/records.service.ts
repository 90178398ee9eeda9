import {
  type CreateRecordRequest,
  RECORD_ERROR_CODES,
  RECORD_MESSAGES,
  type RecordDetail,
  type RecordFieldChange,
  type UpdateRecordRequest,
} from '@attest/shared';
import { AppError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { placeAccess } from '../workflows/index.js';
import { hasPlaces, type LoadedObjectType, loadObjectType } from './object-types.js';
import { checkPlace, type Place, recordVisibility } from './record-access.js';
import { recordActivityRepository } from './record-activity.repository.js';
import { checkValues, duplicateKey, recordKeys, valueChanges } from './record-answers.js';
import { recordDetail } from './record-detail.js';
import { recordKeysRepository } from './record-keys.repository.js';
import { recordValuesRepository } from './record-values.repository.js';
import { recordsRepository } from './records.repository.js';

// Records (plan §3.1): create, read, edit (revision-checked), archive, restore and delete. Each change
// is one transaction: values checked first, then the record, its typed values, its unique keys and
// one activity row; any refusal rolls all of it back, so a bad input writes nothing.

const idOrNull = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

async function detailOf(tx: Tx, ctx: UserContext, type: LoadedObjectType, recordId: string) {
  const row = await recordsRepository.detail(tx, type.id, recordId, recordVisibility(type, ctx.auth.user.id));
  if (!row) throw new NotFoundError();
  return recordDetail(type, row);
}

function placeChanges(before: Place, after: Place): RecordFieldChange[] {
  const changes: RecordFieldChange[] = [];
  if (before.regionId !== after.regionId) {
    changes.push({
      field_tag: 'region',
      before: numberOrNull(before.regionId),
      after: numberOrNull(after.regionId),
    });
  }
  if (before.businessUnitId !== after.businessUnitId) {
    changes.push({
      field_tag: 'business_unit',
      before: numberOrNull(before.businessUnitId),
      after: numberOrNull(after.businessUnitId),
    });
  }
  return changes;
}
const numberOrNull = (id: string | null) => (id === null ? null : Number(id));
const fieldOrder = (type: LoadedObjectType) => type.definition.fields.map((field) => field.tag);

// The record's values written where lists read them: typed values and unique keys.
async function writeProjections(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  recordId: string,
  data: Record<string, unknown>,
) {
  const scope = { tenantId: ctx.tenant.id, objectTypeId: type.id, recordId };
  await recordValuesRepository.replace(tx, scope, type.definition, data);
  const clash = await recordKeysRepository.replace(tx, scope, recordKeys(type.definition, data));
  if (!clash) return;
  // The key's holder is named only to someone who may see it: the clash itself cannot be hidden.
  const holder = await recordsRepository.detail(
    tx,
    type.id,
    clash.heldBy,
    recordVisibility(type, ctx.auth.user.id),
  );
  throw duplicateKey(type, clash.key, holder ? clash.heldBy : null);
}

export function createRecord(
  ctx: UserContext,
  tag: string,
  body: CreateRecordRequest,
): Promise<RecordDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const { data, title } = checkValues(type, {}, body.values, body.title);
    const place = { regionId: idOrNull(body.region_id), businessUnitId: idOrNull(body.business_unit_id) };
    await checkPlace(tx, ctx, type, place);
    const userId = ctx.auth.user.id;
    const { id } = await recordsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      objectTypeId: type.id,
      versionId: type.versionId,
      title,
      data,
      ...place,
      userId,
    });
    await writeProjections(tx, ctx, type, id, data);
    await recordActivityRepository.add(tx, {
      tenantId: ctx.tenant.id,
      recordId: id,
      action: 'created',
      actorUserId: userId,
      changes: [
        ...valueChanges({}, data, fieldOrder(type)),
        ...placeChanges({ regionId: null, businessUnitId: null }, place),
      ],
    });
    return detailOf(tx, ctx, type, id);
  });
}

export function getRecord(ctx: UserContext, tag: string, recordId: number): Promise<RecordDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    return detailOf(tx, ctx, type, String(recordId));
  });
}

// The record a change starts from: visible (404 otherwise), locked, and in a place the user may
// change (full access), as a workflow's.
export type ChangeableRecord = NonNullable<Awaited<ReturnType<typeof recordsRepository.lockForChange>>>;
export async function changeable(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  recordId: number,
): Promise<ChangeableRecord> {
  const visible = recordVisibility(type, ctx.auth.user.id);
  const current = await recordsRepository.lockForChange(tx, type.id, String(recordId), visible);
  if (!current) throw new NotFoundError();
  if (hasPlaces(type) && current.region_id !== null) {
    const access = await placeAccess(tx, ctx.auth.user.id, current.region_id, current.business_unit_id);
    if (access !== 'full')
      throw new AppError(403, RECORD_ERROR_CODES.noPlaceAccess, RECORD_MESSAGES.noPlaceAccess);
  }
  return current;
}

// The one path a record's edit takes (by hand, a batch update and its undo): values checked against
// the type's current version (which the record then moves to, plan §2) and merged over the locked
// record's; the new place checked; then the record (revision bumped), its typed values, its unique
// keys and one activity row. Answers whether anything changed, and the revision it left.
export type RecordEdit = {
  values: Record<string, unknown>;
  // undefined: left as it is.
  regionId?: string | null | undefined;
  businessUnitId?: string | null | undefined;
};
export type RecordEditLog = {
  action: 'edited' | 'batch_updated' | 'update_undone';
  batchUpdateId?: string;
};
export async function editRecordIn(
  tx: Tx,
  ctx: UserContext,
  type: LoadedObjectType,
  current: ChangeableRecord,
  edit: RecordEdit,
  log: RecordEditLog,
): Promise<{ changed: boolean; revision: number }> {
  const { data, title } = checkValues(type, current.data, edit.values);
  const before = { regionId: current.region_id, businessUnitId: current.business_unit_id };
  const after = {
    regionId: edit.regionId === undefined ? before.regionId : edit.regionId,
    businessUnitId: edit.businessUnitId === undefined ? before.businessUnitId : edit.businessUnitId,
  };
  const changes = [...valueChanges(current.data, data, fieldOrder(type)), ...placeChanges(before, after)];
  if (changes.length === 0) return { changed: false, revision: current.revision };
  await checkPlace(tx, ctx, type, after);
  const userId = ctx.auth.user.id;
  await recordsRepository.update(tx, current.id, userId, {
    versionId: type.versionId,
    title,
    data,
    ...after,
  });
  await writeProjections(tx, ctx, type, current.id, data);
  await recordActivityRepository.add(tx, {
    tenantId: ctx.tenant.id,
    recordId: current.id,
    action: log.action,
    actorUserId: userId,
    changes,
    batchUpdateId: log.batchUpdateId ?? null,
  });
  return { changed: true, revision: current.revision + 1 };
}

export function updateRecord(
  ctx: UserContext,
  tag: string,
  recordId: number,
  body: UpdateRecordRequest,
): Promise<RecordDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const current = await changeable(tx, ctx, type, recordId);
    if (current.archived_at !== null) {
      throw new AppError(400, RECORD_ERROR_CODES.archived, RECORD_MESSAGES.archived);
    }
    if (current.revision !== body.revision) {
      throw new AppError(400, RECORD_ERROR_CODES.staleRevision, RECORD_MESSAGES.staleRevision);
    }
    await editRecordIn(
      tx,
      ctx,
      type,
      current,
      {
        values: body.values ?? {},
        regionId: body.region_id === undefined ? undefined : idOrNull(body.region_id),
        businessUnitId: body.business_unit_id === undefined ? undefined : idOrNull(body.business_unit_id),
      },
      { action: 'edited' },
    );
    return detailOf(tx, ctx, type, current.id);
  });
}

// Archived records leave the default list and refuse edits until restored. Archiving an archived
// record (or restoring a live one) changes nothing.
export function setRecordArchived(
  ctx: UserContext,
  tag: string,
  recordId: number,
  archived: boolean,
): Promise<RecordDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const current = await changeable(tx, ctx, type, recordId);
    if ((current.archived_at !== null) === archived) return detailOf(tx, ctx, type, current.id);
    const userId = ctx.auth.user.id;
    await recordsRepository.update(tx, current.id, userId, { archived });
    await recordActivityRepository.add(tx, {
      tenantId: ctx.tenant.id,
      recordId: current.id,
      action: archived ? 'archived' : 'restored',
      actorUserId: userId,
      changes: [],
    });
    return detailOf(tx, ctx, type, current.id);
  });
}

// Its values, keys, links and activity go with it (on delete cascade). A record a workflow's answer
// names is refused, saying which workflows (workflow_record_links' foreign key would refuse it too).
export function deleteRecord(ctx: UserContext, tag: string, recordId: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const current = await changeable(tx, ctx, type, recordId);
    const used = await recordsRepository.usedBy(tx, current.id, ctx.auth.user.id);
    if (used.count > 0) {
      throw new AppError(
        400,
        RECORD_ERROR_CODES.recordInUse,
        RECORD_MESSAGES.recordInUse(used.count, used.names),
      );
    }
    await recordsRepository.delete(tx, current.id);
  });
}
