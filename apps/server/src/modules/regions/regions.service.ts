import type { PageQuery } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { regionsRepository } from './regions.repository.js';

// Select options for the dashboard's region and business-unit filters (spec 1 sections 3 and 7).
export function listRegions(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await regionsRepository.page(tx, page);
    return { count, rows: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
  });
}

export function listBusinessUnits(ctx: UserContext, filter: PageQuery & { region__in?: number[] }) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await regionsRepository.businessUnitsPage(tx, {
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
