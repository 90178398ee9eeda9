import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { likePattern } from '../workflow-list/index.js';

const DASHBOARD_COLUMNS = ['id', 'name', 'description', 'created_by', 'created_at', 'updated_at'] as const;
const REPORT_COLUMNS = [
  'id',
  'dashboard_id',
  'name',
  'description',
  'report_kind',
  'chart_type',
  'config',
  'position',
  'created_by',
  'created_at',
  'updated_at',
] as const;

// Every query runs inside withTenant, so row-level security keeps it to the tenant.
export const dashboardsRepository = {
  async page(tx: Tx, filter: { q?: string; limit: number; offset: number }) {
    let query = tx.selectFrom('dashboards');
    if (filter.q) query = query.where(sql<string>`lower(name)`, 'like', likePattern(filter.q.toLowerCase()));
    const [rows, total] = await Promise.all([
      query
        .select(DASHBOARD_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('reports')
            .whereRef('reports.dashboard_id', '=', 'dashboards.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('report_count'),
        )
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  find(tx: Tx, id: string) {
    return tx
      .selectFrom('dashboards')
      .select(DASHBOARD_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('reports')
          .whereRef('reports.dashboard_id', '=', 'dashboards.id')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('report_count'),
      )
      .where('id', '=', id)
      .executeTakeFirst();
  },

  // Locks the row, so concurrent report creations in one dashboard respect its bound.
  async lock(tx: Tx, id: string): Promise<boolean> {
    const row = await tx
      .selectFrom('dashboards')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  },

  insert(tx: Tx, row: { tenantId: string; name: string; description: string; createdBy: string }) {
    return tx
      .insertInto('dashboards')
      .values({
        tenant_id: row.tenantId,
        name: row.name,
        description: row.description,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  async update(tx: Tx, id: string, changes: { name?: string; description?: string }): Promise<boolean> {
    const result = await tx
      .updateTable('dashboards')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async delete(tx: Tx, id: string): Promise<boolean> {
    const result = await tx.deleteFrom('dashboards').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};

export const reportsRepository = {
  // Reports by name with their dashboard's, leaving out the kinds the reader may not run.
  async page(tx: Tx, filter: { q?: string; limit: number; offset: number; hiddenKinds: readonly string[] }) {
    let query = tx.selectFrom('reports').leftJoin('dashboards', 'dashboards.id', 'reports.dashboard_id');
    if (filter.hiddenKinds.length > 0)
      query = query.where('reports.report_kind', 'not in', filter.hiddenKinds);
    if (filter.q) {
      const pattern = likePattern(filter.q.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`lower(reports.name)`, 'like', pattern),
          eb(sql<string>`lower(dashboards.name)`, 'like', pattern),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .select([
          'reports.id',
          'reports.name',
          'reports.report_kind',
          'reports.chart_type',
          'reports.dashboard_id',
          'dashboards.name as dashboard_name',
        ])
        .orderBy(sql`lower(reports.name)`)
        .orderBy('reports.id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  listOfDashboard(tx: Tx, dashboardId: string) {
    return tx
      .selectFrom('reports')
      .select(REPORT_COLUMNS)
      .where('dashboard_id', '=', dashboardId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  async idsOfDashboard(tx: Tx, dashboardId: string): Promise<string[]> {
    const rows = await tx
      .selectFrom('reports')
      .select('id')
      .where('dashboard_id', '=', dashboardId)
      .execute();
    return rows.map((r) => r.id);
  },

  async countOfDashboard(tx: Tx, dashboardId: string): Promise<number> {
    const row = await tx
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  // The next position at the end of a dashboard.
  async nextPosition(tx: Tx, dashboardId: string): Promise<number> {
    const row = await tx
      .selectFrom('reports')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  },

  find(tx: Tx, id: string) {
    return tx.selectFrom('reports').select(REPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      dashboardId: string | null;
      name: string;
      description: string;
      reportKind: string;
      chartType: string;
      config: unknown;
      position: number;
      createdBy: string;
    },
  ) {
    return tx
      .insertInto('reports')
      .values({
        tenant_id: row.tenantId,
        dashboard_id: row.dashboardId,
        name: row.name,
        description: row.description,
        report_kind: row.reportKind,
        chart_type: row.chartType,
        config: JSON.stringify(row.config),
        position: row.position,
        created_by: row.createdBy,
      })
      .returning(REPORT_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  update(
    tx: Tx,
    id: string,
    changes: {
      name?: string;
      description?: string;
      position?: number;
      config?: { value: unknown; reportKind: string; chartType: string };
    },
  ) {
    const { config, ...rest } = changes;
    return tx
      .updateTable('reports')
      .set({
        ...rest,
        ...(config
          ? {
              config: JSON.stringify(config.value),
              report_kind: config.reportKind,
              chart_type: config.chartType,
            }
          : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .returning(REPORT_COLUMNS)
      .executeTakeFirst();
  },

  async delete(tx: Tx, id: string): Promise<boolean> {
    const result = await tx.deleteFrom('reports').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  // Favourite reports are user preferences (spec 2 §3.6 favorite_reports, value {report_id}); a
  // deleted report leaves none behind, whoever marked it.
  async deleteFavourites(tx: Tx, reportIds: readonly string[]): Promise<number> {
    if (reportIds.length === 0) return 0;
    const result = await tx
      .deleteFrom('user_preferences')
      .where('kind', '=', 'favorite_reports')
      .where(
        sql<string>`value->>'report_id'`,
        'in',
        reportIds.map((id) => String(Number(id))),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
