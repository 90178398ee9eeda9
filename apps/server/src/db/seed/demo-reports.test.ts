import {
  DashboardsPageSchema,
  REPORT_PATHS,
  ReportListSchema,
  ReportResultSchema,
  ReportSubscriptionsPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { DEMO_REPORTS, seedDemoReports } from './demo-reports.js';

const { app, adminDb } = await createTestApp();

describe('seedDemoReports', () => {
  // The test tenant has no Supplier Onboarding kind, so the reports over its fields are left out.
  it('adds one dashboard whose reports all run', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await createVendorCheck(t, admin, 'Acme');
    await createVendorCheck(t, admin, 'Birch');
    await seedDemoReports(adminDb, t.id, t.email('admin'));

    const dashboards = DashboardsPageSchema.parse((await admin.get(REPORT_PATHS.dashboards)).json());
    expect(dashboards.results.map((d) => [d.name, d.report_count])).toEqual([
      ['Portfolio overview', DEMO_REPORTS.filter((r) => !r.kindTag).length],
    ]);
    const id = dashboards.results[0]?.id ?? 0;
    const reports = ReportListSchema.parse((await admin.get(REPORT_PATHS.dashboardReports(id))).json());
    for (const report of reports.results) {
      const response = await admin.get(REPORT_PATHS.reportData(report.id));
      expect(response.statusCode, `${report.name}: ${response.body}`).toBe(200);
      const data = ReportResultSchema.parse(response.json());
      const total = data.results.slice(1).reduce((sum, row) => sum + Number(row.at(-1)), 0);
      expect(total, report.name).toBe(2);
    }
    // The admin is subscribed to the first report, weekly.
    const first = reports.results[0]?.id ?? 0;
    const subscriptions = ReportSubscriptionsPageSchema.parse(
      (await admin.get(REPORT_PATHS.reportSubscriptions(first))).json(),
    );
    expect(subscriptions.results).toMatchObject([
      {
        frequency: 'weekly',
        weekday: 1,
        time: '08:00',
        recipients: [{ email: t.email('admin') }],
        active: true,
      },
    ]);
  });
});
