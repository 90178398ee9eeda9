import type { PageQuery } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type PlaceScope, regionsRepository } from './regions.repository.js';

// Select options for the region and business-unit filters and pickers (spec 1 sections 3 and 7):
// only the places the user may see, so no filter offers a region whose workflows they cannot see.
// Administrators granting access list all of the tenant's places (the admin routes).
function scopeOf(ctx: UserContext, all: boolean): PlaceScope {
  return all ? 'all' : { userId: ctx.auth.user.id };
}

export function listRegions(ctx: UserContext, page: PageQuery, options: { all: boolean }) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await regionsRepository.page(tx, scopeOf(ctx, options.all), page);
    return { count, rows: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
  });
}

export function listBusinessUnits(
  ctx: UserContext,
  filter: PageQuery & { region__in?: number[] },
  options: { all: boolean },
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await regionsRepository.businessUnitsPage(tx, scopeOf(ctx, options.all), {
      regionIds: filter.region__in?.map(String),
      limit: filter.limit,
      offset: filter.offset,
    });
    return {
      count,
      rows: rows.map((b) => ({ id: Number(b.id), name: b.name, region_id: Number(b.region_id) })),
    };
  });
}
