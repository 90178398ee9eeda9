import { type ReportConfigInput, ReportConfigSchema, ReportScheduleSchema } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS } from '@attest/shared/testing';
import { nextRunAfter } from '../../modules/reports/index.js';
import type { Db } from '../database.js';

type DemoReport = {
  name: string;
  description: string;
  config: ReportConfigInput;
  // A report over one kind's fields names the kind by tag; it is left out where the kind is missing.
  kindTag?: string;
};

const COUNT = { function: 'count', label: 'Workflows' } as const;

// Issue 7: a fresh start shows one dashboard of workflow reports on acme's portfolio.
export const DEMO_REPORTS: DemoReport[] = [
  {
    name: 'Workflows by status',
    description: 'How many workflows are in each status.',
    config: {
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      group_by: [{ source: 'workflow__status_label', extra_json: { label: 'Status' } }],
      operations: [COUNT],
      order_by: [{ type: 'column', source: 'workflow__status_label', ordering: 'ASC' }],
    },
  },
  {
    name: 'Workflows by region and month',
    description: 'Workflows started each month, split by region.',
    config: {
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      group_by: [
        { source: 'workflow__created_at', extra_json: { label: 'Month', operation_type: 'month' } },
        { source: 'workflow__region_name', extra_json: { label: 'Region', is_for_secondary_x_axis: true } },
      ],
      operations: [COUNT],
    },
  },
  {
    name: 'Workflows by business unit',
    description: 'Where the work comes from.',
    config: {
      report_kind: 'workflow',
      chart_type: 'PIE_CHART',
      group_by: [{ source: 'workflow__business_unit_name', extra_json: { label: 'Business unit' } }],
      operations: [COUNT],
    },
  },
  {
    name: 'Status by region and year',
    description: "Each region's workflows per status, grouped by the year they started, with subtotals.",
    config: {
      report_kind: 'workflow',
      chart_type: 'HEAT_MAP_CHART',
      // Rows, parent column groups, then columns (spec 2 §2.8 pivot; §4.2 drag within a group).
      group_by: [
        { source: 'workflow__region_name', extra_json: { label: 'Region' } },
        { source: 'workflow__created_at', extra_json: { label: 'Year', operation_type: 'year' } },
        { source: 'workflow__status_label', extra_json: { label: 'Status', is_for_secondary_x_axis: true } },
      ],
      operations: [COUNT],
    },
  },
  {
    name: 'Suppliers by country',
    description: 'Where the suppliers under onboarding are based.',
    kindTag: 'supplier_onboarding',
    config: {
      report_kind: 'workflow',
      chart_type: 'GEO_MAP_CHART',
      group_by: [
        { source: `field__${SUPPLIER_ONBOARDING_FIELDS.country}`, extra_json: { label: 'Country' } },
      ],
      operations: [COUNT],
    },
  },
  {
    name: 'Workflows started per month',
    description: 'The intake of new work over time.',
    config: {
      report_kind: 'workflow',
      chart_type: 'LINE_CHART',
      group_by: [{ source: 'workflow__created_at', extra_json: { label: 'Month', operation_type: 'month' } }],
      operations: [COUNT],
    },
  },
];

// Runs once, with the rest of a tenant's first workflow setup; the configs pass the same schema as
// the API's, so the seed cannot store one the app would refuse.
export async function seedDemoReports(adminDb: Db, tenantId: string, adminEmail: string): Promise<void> {
  await adminDb.transaction().execute(async (tx) => {
    const admin = await tx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', adminEmail)
      .executeTakeFirst();
    const dashboard = await tx
      .insertInto('dashboards')
      .values({
        tenant_id: tenantId,
        name: 'Portfolio overview',
        description: 'Demo reports over the onboarding and risk workflows.',
        created_by: admin?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const kinds = await tx
      .selectFrom('workflow_kinds')
      .select(['id', 'tag'])
      .where('tenant_id', '=', tenantId)
      .execute();
    const kindIds = new Map(kinds.map((k) => [k.tag, Number(k.id)]));
    const reports = DEMO_REPORTS.flatMap((report) => {
      if (!report.kindTag) return [report];
      const kindId = kindIds.get(report.kindTag);
      return kindId === undefined ? [] : [{ ...report, config: { ...report.config, kind_id: kindId } }];
    });
    const reportIds: string[] = [];
    for (const [position, report] of reports.entries()) {
      const config = ReportConfigSchema.parse(report.config);
      const inserted = await tx
        .insertInto('reports')
        .values({
          tenant_id: tenantId,
          dashboard_id: dashboard.id,
          name: report.name,
          description: report.description,
          report_kind: config.report_kind,
          chart_type: config.chart_type,
          config: JSON.stringify(config),
          position,
          created_by: admin?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reportIds.push(inserted.id);
    }
    // The admin receives the first report by e-mail every Monday (spec 2 §9.4).
    if (admin && reportIds[0]) {
      const schedule = ReportScheduleSchema.parse(DEMO_SUBSCRIPTION);
      const subscription = await tx
        .insertInto('report_subscriptions')
        .values({
          tenant_id: tenantId,
          report_id: reportIds[0],
          owner_id: admin.id,
          frequency: schedule.frequency,
          time_of_day: schedule.time,
          weekday: schedule.weekday,
          day_of_month: schedule.day_of_month,
          time_zone: schedule.time_zone,
          next_run_at: nextRunAfter(schedule, new Date()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('report_subscription_recipients')
        .values({ tenant_id: tenantId, subscription_id: subscription.id, user_id: admin.id })
        .execute();
    }
  });
}

export const DEMO_SUBSCRIPTION = {
  frequency: 'weekly',
  time: '08:00',
  weekday: 1,
  day_of_month: null,
  time_zone: 'Europe/Berlin',
} as const;
