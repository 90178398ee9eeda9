import { RECORD_ERROR_CODES, RECORD_MESSAGES } from '@attest/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { placeAccess, placeGrantFilter, workflowRefusal } from '../workflows/index.js';
import { hasPlaces, type LoadedObjectType } from './object-types.js';
import { recordsRepository } from './records.repository.js';

// Plan §1.3: a type with a region or business unit shows a record only to people with a grant on its
// place, the workflows' rule and SQL (placeGrantFilter); 'full' for a change. A type without places
// is seen by everyone in the tenant who may view records. Over `records as r`.
export function recordVisibility(
  type: LoadedObjectType,
  userId: string,
  access?: 'full',
): Expression<SqlBool> {
  if (!hasPlaces(type)) return sql<SqlBool>`true`;
  return placeGrantFilter(userId, sql.ref('r.region_id'), sql.ref('r.business_unit_id'), access);
}

export type Place = { regionId: string | null; businessUnitId: string | null };

// The place a record is put in: only the columns its type has; a region when the type has one; the
// unit inside the region; and full access to it, as a workflow's creator needs.
export async function checkPlace(tx: Tx, ctx: UserContext, type: LoadedObjectType, place: Place) {
  if (place.regionId !== null && !type.hasRegion) {
    const message = RECORD_MESSAGES.noRegion(type.name);
    throw new AppError(400, RECORD_ERROR_CODES.noRegion, message, { region_id: [message] });
  }
  if (place.businessUnitId !== null && !type.hasBusinessUnit) {
    const message = RECORD_MESSAGES.noBusinessUnit(type.name);
    throw new AppError(400, RECORD_ERROR_CODES.noBusinessUnit, message, { business_unit_id: [message] });
  }
  if (!type.hasRegion) return;
  if (place.regionId === null) {
    const message = RECORD_MESSAGES.placeRequired(type.name);
    throw new AppError(400, RECORD_ERROR_CODES.placeRequired, message, { region_id: [message] });
  }
  if (!(await recordsRepository.region(tx, place.regionId))) throw workflowRefusal('region_not_found');
  if (place.businessUnitId !== null) {
    const unit = await recordsRepository.businessUnit(tx, place.businessUnitId);
    if (unit?.region_id !== place.regionId) throw workflowRefusal('business_unit_not_in_region');
  }
  if ((await placeAccess(tx, ctx.auth.user.id, place.regionId, place.businessUnitId)) !== 'full') {
    throw new AppError(403, RECORD_ERROR_CODES.noPlaceAccess, RECORD_MESSAGES.noPlaceAccess);
  }
}
