import {
  isPlaceInUse,
  type PageQuery,
  PLACE_ERROR_CODES,
  PLACE_MESSAGES,
  type PlaceName,
  type PlacesQuery,
  placeInUseMessage,
} from '@attest/shared';
import { type AuditAction, recordAudit } from '../../platform/audit/audit-log.js';
import { isUniqueViolation } from '../../platform/database-errors.js';
import { AppError, DetailedBadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { placesAdminRepository as repo } from './places-admin.repository.js';

// Settings > Access (issue 19): rules for creating, renaming, archiving and restoring regions and
// business units. Each change and its audit event are one transaction.
export type AdminContext = UserContext & { ip: string | null };
type RegionRow = { id: string; name: string; archived_at: Date | null };
type UnitRow = RegionRow & { region_id: string };

export function regionsPage(ctx: UserContext, query: PlacesQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await repo.regionsPage(tx, query);
    return {
      count,
      rows: rows.map((r) => ({
        ...toRegion(r),
        business_unit_count: Number(r.business_unit_count ?? 0),
        viewer_count: Number(r.viewer_count ?? 0),
      })),
    };
  });
}

export function unitsPage(ctx: UserContext, regionId: number, query: PlacesQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await regionOrNotFound(tx, regionId);
    const { rows, count } = await repo.unitsPage(tx, String(regionId), query);
    return { count, rows: rows.map((u) => ({ ...toUnit(u), viewer_count: Number(u.viewer_count ?? 0) })) };
  });
}

export function createRegion(ctx: AdminContext, input: PlaceName) {
  return change(
    ctx,
    async (tx) => {
      await assertRegionNameFree(tx, input.name);
      const row = await repo.insertRegion(tx, ctx.tenant.id, input.name);
      await audit(ctx, tx, 'region.created', { region_id: Number(row.id), name: row.name });
      return { ...toRegion(row), business_unit_count: 0, viewer_count: 0 };
    },
    regionNameTaken,
  );
}

export function renameRegion(ctx: AdminContext, regionId: number, input: PlaceName) {
  return change(
    ctx,
    async (tx) => {
      const region = await regionOrNotFound(tx, regionId);
      if (region.name !== input.name) {
        await assertRegionNameFree(tx, input.name, region.id);
        await repo.setRegion(tx, region.id, { name: input.name });
        await audit(ctx, tx, 'region.renamed', { region_id: regionId, from: region.name, to: input.name });
      }
      return toRegion({ ...region, name: input.name });
    },
    regionNameTaken,
  );
}

export function archiveRegion(ctx: AdminContext, regionId: number) {
  return change(ctx, async (tx) => {
    const region = await regionOrNotFound(tx, regionId);
    if (region.archived_at) return toRegion(region);
    const usage = await repo.regionUsage(tx, region.id);
    if (isPlaceInUse(usage)) {
      throw new DetailedBadRequestError(PLACE_ERROR_CODES.inUse, placeInUseMessage('region', usage), {
        usage,
      });
    }
    await repo.setRegion(tx, region.id, { archived: { by: ctx.auth.user.id } });
    await audit(ctx, tx, 'region.archived', { region_id: regionId, name: region.name });
    return toRegion((await repo.findRegion(tx, region.id)) ?? region);
  });
}

export function restoreRegion(ctx: AdminContext, regionId: number) {
  return change(ctx, async (tx) => {
    const region = await regionOrNotFound(tx, regionId);
    if (!region.archived_at) return toRegion(region);
    await repo.setRegion(tx, region.id, { archived: null });
    await audit(ctx, tx, 'region.restored', { region_id: regionId, name: region.name });
    return toRegion({ ...region, archived_at: null });
  });
}

export function createUnit(ctx: AdminContext, regionId: number, input: PlaceName) {
  return change(
    ctx,
    async (tx) => {
      const region = await regionOrNotFound(tx, regionId);
      // No new choice in an archived region (its units are all archived too).
      if (region.archived_at) throw archivedError(PLACE_MESSAGES.regionArchived);
      await assertUnitNameFree(tx, region.id, input.name);
      const row = await repo.insertUnit(tx, ctx.tenant.id, region.id, input.name);
      await audit(ctx, tx, 'business_unit.created', {
        business_unit_id: Number(row.id),
        region_id: regionId,
        name: row.name,
      });
      return { ...toUnit(row), viewer_count: 0 };
    },
    unitNameTaken,
  );
}

export function renameUnit(ctx: AdminContext, unitId: number, input: PlaceName) {
  return change(
    ctx,
    async (tx) => {
      const unit = await unitOrNotFound(tx, unitId);
      if (unit.name !== input.name) {
        await assertUnitNameFree(tx, unit.region_id, input.name, unit.id);
        await repo.setUnit(tx, unit.id, { name: input.name });
        await audit(ctx, tx, 'business_unit.renamed', {
          business_unit_id: unitId,
          from: unit.name,
          to: input.name,
        });
      }
      return toUnit({ ...unit, name: input.name });
    },
    unitNameTaken,
  );
}

export function archiveUnit(ctx: AdminContext, unitId: number) {
  return change(ctx, async (tx) => {
    const unit = await unitOrNotFound(tx, unitId);
    if (unit.archived_at) return toUnit(unit);
    const usage = await repo.unitUsage(tx, unit.id);
    if (isPlaceInUse(usage)) {
      throw new DetailedBadRequestError(PLACE_ERROR_CODES.inUse, placeInUseMessage('business unit', usage), {
        usage,
      });
    }
    await repo.setUnit(tx, unit.id, { archived: { by: ctx.auth.user.id } });
    await audit(ctx, tx, 'business_unit.archived', { business_unit_id: unitId, name: unit.name });
    return toUnit((await repo.findUnit(tx, unit.id)) ?? unit);
  });
}

export function restoreUnit(ctx: AdminContext, unitId: number) {
  return change(ctx, async (tx) => {
    const unit = await unitOrNotFound(tx, unitId);
    if (!unit.archived_at) return toUnit(unit);
    const region = await repo.findRegion(tx, unit.region_id);
    if (region?.archived_at) throw archivedError(PLACE_MESSAGES.regionOfUnitArchived);
    await repo.setUnit(tx, unit.id, { archived: null });
    await audit(ctx, tx, 'business_unit.restored', { business_unit_id: unitId, name: unit.name });
    return toUnit({ ...unit, archived_at: null });
  });
}

export function regionViewers(ctx: UserContext, regionId: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const region = await regionOrNotFound(tx, regionId);
    return toViewers(await repo.viewersPage(tx, { region: region.id }, page));
  });
}

export function unitViewers(ctx: UserContext, unitId: number, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const unit = await unitOrNotFound(tx, unitId);
    return toViewers(await repo.viewersPage(tx, { unit: unit.id, region: unit.region_id }, page));
  });
}

// One transaction for the change and its audit event; a name taken by a concurrent request between
// the check and the write is answered as the check would have.
async function change<T>(ctx: AdminContext, work: (tx: Tx) => Promise<T>, onNameTaken?: () => AppError) {
  try {
    return await withTenant(ctx.db, ctx.tenant.id, work);
  } catch (error) {
    throw onNameTaken && isUniqueViolation(error) ? onNameTaken() : error;
  }
}

async function regionOrNotFound(tx: Tx, regionId: number): Promise<RegionRow> {
  const region = await repo.findRegion(tx, String(regionId));
  if (!region) throw new NotFoundError();
  return region;
}

async function unitOrNotFound(tx: Tx, unitId: number): Promise<UnitRow> {
  const unit = await repo.findUnit(tx, String(unitId));
  if (!unit) throw new NotFoundError();
  return unit;
}

async function assertRegionNameFree(tx: Tx, name: string, exceptId?: string) {
  const existing = await repo.regionNamed(tx, name);
  if (existing && existing.id !== exceptId) throw regionNameTaken();
}

async function assertUnitNameFree(tx: Tx, regionId: string, name: string, exceptId?: string) {
  const existing = await repo.unitNamed(tx, regionId, name);
  if (existing && existing.id !== exceptId) throw unitNameTaken();
}

function regionNameTaken() {
  return nameTaken(PLACE_MESSAGES.regionNameTaken);
}

function unitNameTaken() {
  return nameTaken(PLACE_MESSAGES.businessUnitNameTaken);
}

function nameTaken(message: string) {
  return new AppError(400, PLACE_ERROR_CODES.nameTaken, message, { name: [message] });
}

function archivedError(message: string) {
  return new AppError(400, PLACE_ERROR_CODES.archived, message);
}

function audit(ctx: AdminContext, tx: Tx, action: AuditAction, details: Record<string, unknown>) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    details,
    ipAddress: ctx.ip,
  });
}

function toRegion(row: RegionRow) {
  return { id: Number(row.id), name: row.name, archived_at: row.archived_at?.toISOString() ?? null };
}

function toUnit(row: UnitRow) {
  return { ...toRegion(row), region_id: Number(row.region_id) };
}

function toViewers({ rows, count }: Awaited<ReturnType<typeof repo.viewersPage>>) {
  return {
    count,
    rows: rows.map((v) => ({
      user_id: Number(v.user_id),
      email: v.email,
      first_name: v.first_name,
      last_name: v.last_name,
      access: v.access,
      via: v.via,
      via_name: v.via_name,
    })),
  };
}
