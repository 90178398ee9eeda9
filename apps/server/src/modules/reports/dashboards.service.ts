import type {
  CreateDashboardRequest,
  Dashboard,
  DashboardsQuery,
  UpdateDashboardRequest,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { dashboardsRepository, reportsRepository } from './reports.repository.js';

type Row = {
  id: string;
  name: string;
  description: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  report_count: string | number | null;
};

function toDashboard(row: Row): Dashboard {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    report_count: Number(row.report_count ?? 0),
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// Spec 2 §2.1 /dashboards: the tenant's dashboards by name, searched by name.
export function listDashboards(ctx: UserContext, query: DashboardsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await dashboardsRepository.page(tx, query);
    return { count, rows: rows.map(toDashboard) };
  });
}

export function getDashboard(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await dashboardsRepository.find(tx, String(id));
    if (!row) throw new NotFoundError();
    return toDashboard(row);
  });
}

export function createDashboard(ctx: UserContext, body: CreateDashboardRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { id } = await dashboardsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      name: body.name,
      description: body.description,
      createdBy: ctx.auth.user.id,
    });
    const row = await dashboardsRepository.find(tx, id);
    if (!row) throw new NotFoundError();
    return toDashboard(row);
  });
}

export function updateDashboard(ctx: UserContext, id: number, body: UpdateDashboardRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await dashboardsRepository.update(tx, String(id), body))) throw new NotFoundError();
    const row = await dashboardsRepository.find(tx, String(id));
    if (!row) throw new NotFoundError();
    return toDashboard(row);
  });
}

// One transaction: the dashboard, its reports (foreign key cascade) and every favourite of them.
export function deleteDashboard(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await dashboardsRepository.lock(tx, String(id)))) throw new NotFoundError();
    await reportsRepository.deleteFavourites(tx, await reportsRepository.idsOfDashboard(tx, String(id)));
    await dashboardsRepository.delete(tx, String(id));
  });
}
