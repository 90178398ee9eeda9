import type { CreatableKind, CreatableRegion, PageQuery } from '@attest/shared';
import { accessScopeOf } from '../../platform/auth/access-scope.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { referencesRepository } from './references.repository.js';
import { placeLevel } from './workflow-access.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';

// Where the user may create workflows: every place (a region alone, or a business unit of it) to
// which the create endpoint's rule (placeLevel, through placeAccess) gives full access.
async function creatableRegions(tx: Tx, userId: string): Promise<CreatableRegion[]> {
  const scope = await accessScopeOf(tx, userId);
  const places = await referencesRepository.placesOfGrants(
    tx,
    scope.regions.map((g) => g.id),
    scope.businessUnits.map((g) => g.id),
  );
  return places.regions.flatMap((region) => {
    const units = places.units.filter(
      (u) => u.region_id === region.id && placeLevel(scope, region.id, u.id) === 'full',
    );
    const withoutUnit = placeLevel(scope, region.id, null) === 'full';
    if (!withoutUnit && units.length === 0) return [];
    return [
      {
        id: Number(region.id),
        name: region.name,
        without_business_unit: withoutUnit,
        business_units: units.map((u) => ({ id: Number(u.id), name: u.name })),
      },
    ];
  });
}

// The kinds the user may create (spec 1 §3 Workflow kind: those with a published definition), each
// with the places they may create it in; none without a place, so the web app offers no "New
// workflow" a create would refuse with 403.
export function listCreatableKinds(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const regions = await creatableRegions(tx, ctx.auth.user.id);
    if (regions.length === 0) return { rows: [] as CreatableKind[], count: 0 };
    const { rows, count } = await workflowKindsRepository.page(tx, page);
    return {
      count,
      rows: rows.map((k) => ({ id: Number(k.id), name: k.name, tag: k.tag, icon: k.icon, regions })),
    };
  });
}
