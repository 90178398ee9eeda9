import { SERVER_MESSAGES, type UserAccess } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { type AccessScope, accessScopeOf } from '../../platform/auth/access-scope.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { adminUsersRepository } from './admin-users.repository.js';
import { userAccessRepository } from './user-access.repository.js';

export function userAccess(ctx: UserContext, userId: number): Promise<UserAccess> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await assertUserExists(tx, String(userId));
    return toUserAccess(await accessScopeOf(tx, String(userId)));
  });
}

// Replaces the user's region and business-unit access as a whole: the admin screen sends the full set.
export function replaceUserAccess(
  ctx: UserContext,
  userId: number,
  input: UserAccess,
  ip: string | null,
): Promise<UserAccess> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const id = String(userId);
    await assertUserExists(tx, id);
    const regions = input.regions.map((r) => ({ id: String(r.region_id), access: r.access }));
    const businessUnits = input.business_units.map((b) => ({
      id: String(b.business_unit_id),
      access: b.access,
    }));
    if (hasDuplicates(regions) || hasDuplicates(businessUnits)) {
      throw new BadRequestError(SERVER_MESSAGES.duplicateAccessEntries);
    }
    const knownRegions = await userAccessRepository.existingRegionIds(
      tx,
      regions.map((r) => r.id),
    );
    if (regions.some((r) => !knownRegions.has(r.id))) {
      throw new BadRequestError(SERVER_MESSAGES.unknownRegions, {
        regions: [SERVER_MESSAGES.unknownRegions],
      });
    }
    const knownUnits = await userAccessRepository.existingBusinessUnitIds(
      tx,
      businessUnits.map((b) => b.id),
    );
    if (businessUnits.some((b) => !knownUnits.has(b.id))) {
      throw new BadRequestError(SERVER_MESSAGES.unknownBusinessUnits, {
        business_units: [SERVER_MESSAGES.unknownBusinessUnits],
      });
    }
    const before = toUserAccess(await accessScopeOf(tx, id));
    await userAccessRepository.replace(tx, ctx.tenant.id, id, { regions, businessUnits });
    const after = toUserAccess(await accessScopeOf(tx, id));
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'user.access_changed',
      actorUserId: ctx.auth.user.id,
      targetUserId: id,
      details: { before, after },
      ipAddress: ip,
    });
    return after;
  });
}

async function assertUserExists(tx: Tx, userId: string): Promise<void> {
  if (!(await adminUsersRepository.find(tx, userId))) throw new NotFoundError();
}

function hasDuplicates(entries: { id: string }[]): boolean {
  return new Set(entries.map((e) => e.id)).size !== entries.length;
}

function toUserAccess(scope: AccessScope): UserAccess {
  return {
    regions: scope.regions.map((r) => ({ region_id: Number(r.id), access: r.access })),
    business_units: scope.businessUnits.map((b) => ({ business_unit_id: Number(b.id), access: b.access })),
  };
}
