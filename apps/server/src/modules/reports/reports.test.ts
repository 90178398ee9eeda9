import {
  DashboardSchema,
  DashboardsPageSchema,
  PREFERENCE_PATHS,
  PreferencesPageSchema,
  REPORT_PATHS,
  ReportListSchema,
  ReportSchema,
  ReportSummariesPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

const COUNT_BY_STATUS = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__status_tag' }],
  operations: [{ function: 'count', label: 'Count' }],
};

// A tenant whose admin may view, add, change and delete reports; the member may do nothing with them.
async function reportTenant() {
  const tenant = await createTestTenant(adminDb);
  const admin = `admin@${tenant.slug}.test`;
  await grant(adminDb, tenant.id, userId(tenant, admin), [
    'can_add_process_report',
    'can_change_process_report',
    'can_delete_process_report',
  ]);
  const client = TestClient.forTenant(app, tenant.slug);
  await client.signIn(admin);
  return { tenant, client };
}

function patch(client: TestClient, url: string, payload: object) {
  return client.request({ method: 'PATCH', url, payload });
}

function del(client: TestClient, url: string) {
  return client.request({ method: 'DELETE', url });
}

async function newDashboard(client: TestClient, name = 'Operations') {
  const response = await client.post(REPORT_PATHS.dashboards, { name, description: 'Weekly figures' });
  expect(response.statusCode).toBe(201);
  return DashboardSchema.parse(response.json());
}

async function newReport(client: TestClient, dashboardId: number | null, name = 'By status') {
  const response = await client.post(REPORT_PATHS.reports, {
    dashboard_id: dashboardId,
    name,
    config: COUNT_BY_STATUS,
  });
  expect(response.statusCode).toBe(201);
  return ReportSchema.parse(response.json());
}

async function favourite(client: TestClient, reportId: number) {
  const response = await client.post(PREFERENCE_PATHS.preferences, {
    kind: 'favorite_reports',
    name: `Report ${reportId}`,
    value: { report_id: reportId },
  });
  expect(response.statusCode).toBe(201);
}

async function favouriteIds(client: TestClient): Promise<number[]> {
  const page = PreferencesPageSchema.parse(
    (await client.get(`${PREFERENCE_PATHS.preferences}?kind=favorite_reports`)).json(),
  );
  return page.results.map((p) => Number(p.value.report_id)).sort((a, b) => a - b);
}

describe('dashboards', () => {
  it('creates, pages by name with a search, renames and reads one', async () => {
    const { client } = await reportTenant();
    for (const name of ['Sales', 'operations', 'Onboarding', 'Risk']) await newDashboard(client, name);

    const first = DashboardsPageSchema.parse((await client.get(`${REPORT_PATHS.dashboards}?limit=2`)).json());
    expect(first.results.map((d) => d.name)).toEqual(['Onboarding', 'operations']);
    expect(first.count).toBe(4);
    expect(first.next).toBe(`${REPORT_PATHS.dashboards}?limit=2&offset=2`);

    const found = DashboardsPageSchema.parse((await client.get(`${REPORT_PATHS.dashboards}?q=O`)).json());
    expect(found.results.map((d) => d.name)).toEqual(['Onboarding', 'operations']);
    // LIKE wildcards are literal.
    const none = DashboardsPageSchema.parse((await client.get(`${REPORT_PATHS.dashboards}?q=%25`)).json());
    expect(none.count).toBe(0);

    const sales = found.results[0];
    if (!sales) throw new Error('no dashboard');
    const renamed = await patch(client, REPORT_PATHS.dashboard(sales.id), { name: 'Onboarding 2026' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Onboarding 2026',
      description: 'Weekly figures',
      report_count: 0,
    });
    const read = DashboardSchema.parse((await client.get(REPORT_PATHS.dashboard(sales.id))).json());
    expect(read.name).toBe('Onboarding 2026');
  });

  it('refuses an empty name and unknown keys', async () => {
    const { client } = await reportTenant();
    const blank = await client.post(REPORT_PATHS.dashboards, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('name');
    const extra = await client.post(REPORT_PATHS.dashboards, { name: 'A', owner: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('deletes a dashboard with its reports and every favourite of them, in one go', async () => {
    const { tenant, client } = await reportTenant();
    const dashboard = await newDashboard(client);
    const kept = await newDashboard(client, 'Kept');
    const a = await newReport(client, dashboard.id, 'A');
    const b = await newReport(client, dashboard.id, 'B');
    const other = await newReport(client, kept.id, 'Other');
    await favourite(client, a.id);
    await favourite(client, other.id);
    // Another user's favourite goes too.
    await grant(adminDb, tenant.id, userId(tenant, `member@${tenant.slug}.test`), [
      'can_view_process_report',
    ]);
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    await favourite(member, b.id);

    expect((await del(client, REPORT_PATHS.dashboard(dashboard.id))).statusCode).toBe(204);
    expect((await client.get(REPORT_PATHS.dashboard(dashboard.id))).statusCode).toBe(404);
    expect((await client.get(REPORT_PATHS.report(a.id))).statusCode).toBe(404);
    expect((await client.get(REPORT_PATHS.report(b.id))).statusCode).toBe(404);
    expect((await client.get(REPORT_PATHS.report(other.id))).statusCode).toBe(200);
    expect(await favouriteIds(client)).toEqual([other.id]);
    expect(await favouriteIds(member)).toEqual([]);
    expect((await del(client, REPORT_PATHS.dashboard(dashboard.id))).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('creates reports in a dashboard in order, and one standing alone', async () => {
    const { client } = await reportTenant();
    const dashboard = await newDashboard(client);
    const first = await newReport(client, dashboard.id, 'First');
    const second = await newReport(client, dashboard.id, 'Second');
    expect(first).toMatchObject({
      dashboard_id: dashboard.id,
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      position: 0,
    });
    expect(second.position).toBe(1);
    // The stored config is the validated one, with its defaults.
    expect(first.config).toMatchObject({ kind_id: null, other_configurations: { scale: 5, precision: 0 } });

    const list = ReportListSchema.parse(
      (await client.get(REPORT_PATHS.dashboardReports(dashboard.id))).json(),
    );
    expect(list.results.map((r) => r.name)).toEqual(['First', 'Second']);
    expect(
      DashboardSchema.parse((await client.get(REPORT_PATHS.dashboard(dashboard.id))).json()).report_count,
    ).toBe(2);

    const alone = await newReport(client, null, 'Alone');
    expect(alone.dashboard_id).toBeNull();
    expect(ReportSchema.parse((await client.get(REPORT_PATHS.report(alone.id))).json()).name).toBe('Alone');
  });

  it('answers 400 naming each problem of an invalid config, on create and on update', async () => {
    const { client } = await reportTenant();
    const bad = await client.post(REPORT_PATHS.reports, {
      name: 'Bad',
      config: { chart_type: 'DONUT_CHART', group_by: [{ source: 'workflow__shoe_size' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The report configuration is not valid.');
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['config.chart_type', 'config.group_by.0.source']),
    );
    expect(bad.json().errors['config.group_by.0.source']).toEqual(['Unknown report source.']);

    const report = await newReport(client, null);
    const update = await patch(client, REPORT_PATHS.report(report.id), {
      config: { report_kind: 'spreadsheet' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toHaveProperty(['config.report_kind']);
  });

  it('updates the name, position and config (keeping kind and chart type in step)', async () => {
    const { client } = await reportTenant();
    const report = await newReport(client, null);
    const response = await patch(client, REPORT_PATHS.report(report.id), {
      name: 'Renamed',
      position: 4,
      config: { ...COUNT_BY_STATUS, chart_type: 'PIE_CHART' },
    });
    expect(response.statusCode).toBe(200);
    const updated = ReportSchema.parse(response.json());
    expect(updated).toMatchObject({ name: 'Renamed', position: 4, chart_type: 'PIE_CHART' });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(report.updated_at));
  });

  it('deletes a report and every favourite of it', async () => {
    const { client } = await reportTenant();
    const a = await newReport(client, null, 'A');
    const b = await newReport(client, null, 'B');
    await favourite(client, a.id);
    await favourite(client, b.id);
    expect((await del(client, REPORT_PATHS.report(a.id))).statusCode).toBe(204);
    expect(await favouriteIds(client)).toEqual([b.id]);
    expect((await del(client, REPORT_PATHS.report(a.id))).statusCode).toBe(404);
  });
});

describe('report permissions (spec 2 §6)', () => {
  it('needs can_view_process_report to read and the add, change and delete permissions to write', async () => {
    const { tenant, client } = await reportTenant();
    const dashboard = await newDashboard(client);
    const report = await newReport(client, dashboard.id);

    // The member has none of the report permissions.
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    const reads = [
      REPORT_PATHS.dashboards,
      REPORT_PATHS.dashboard(dashboard.id),
      REPORT_PATHS.dashboardReports(dashboard.id),
      REPORT_PATHS.report(report.id),
    ];
    for (const url of reads) expect((await member.get(url)).statusCode, url).toBe(403);

    // A viewer reads but writes nothing.
    await grant(adminDb, tenant.id, userId(tenant, `member@${tenant.slug}.test`), [
      'can_view_process_report',
    ]);
    for (const url of reads) expect((await member.get(url)).statusCode, url).toBe(200);
    const writes = [
      member.post(REPORT_PATHS.dashboards, { name: 'Mine' }),
      member.post(REPORT_PATHS.reports, { name: 'Mine', config: COUNT_BY_STATUS }),
      patch(member, REPORT_PATHS.dashboard(dashboard.id), { name: 'Mine' }),
      patch(member, REPORT_PATHS.report(report.id), { name: 'Mine' }),
      del(member, REPORT_PATHS.report(report.id)),
      del(member, REPORT_PATHS.dashboard(dashboard.id)),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);

    // Each write needs its own permission: change does not delete.
    await grant(adminDb, tenant.id, userId(tenant, `member@${tenant.slug}.test`), [
      'can_change_process_report',
    ]);
    expect((await patch(member, REPORT_PATHS.report(report.id), { name: 'Mine' })).statusCode).toBe(200);
    expect((await del(member, REPORT_PATHS.report(report.id))).statusCode).toBe(403);
    expect((await member.post(REPORT_PATHS.dashboards, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses anyone signed out', async () => {
    const { tenant } = await reportTenant();
    const anonymous = TestClient.forTenant(app, tenant.slug);
    expect((await anonymous.get(REPORT_PATHS.dashboards)).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another tenant's dashboards and reports, and never lists them", async () => {
    const mine = await reportTenant();
    const theirs = await reportTenant();
    const dashboard = await newDashboard(theirs.client, 'Theirs');
    const report = await newReport(theirs.client, dashboard.id);
    const { client } = mine;

    expect((await client.get(REPORT_PATHS.dashboard(dashboard.id))).statusCode).toBe(404);
    expect((await client.get(REPORT_PATHS.dashboardReports(dashboard.id))).statusCode).toBe(404);
    expect((await patch(client, REPORT_PATHS.dashboard(dashboard.id), { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await del(client, REPORT_PATHS.dashboard(dashboard.id))).statusCode).toBe(404);
    expect((await client.get(REPORT_PATHS.report(report.id))).statusCode).toBe(404);
    expect((await patch(client, REPORT_PATHS.report(report.id), { name: 'Mine' })).statusCode).toBe(404);
    expect((await del(client, REPORT_PATHS.report(report.id))).statusCode).toBe(404);
    const planted = await client.post(REPORT_PATHS.reports, {
      dashboard_id: dashboard.id,
      name: 'Planted',
      config: COUNT_BY_STATUS,
    });
    expect(planted.statusCode).toBe(400);
    expect(planted.json().errors).toHaveProperty('dashboard_id');
    const list = DashboardsPageSchema.parse((await client.get(REPORT_PATHS.dashboards)).json());
    expect(list.results.map((d) => d.id)).not.toContain(dashboard.id);

    // Their things are untouched.
    expect((await theirs.client.get(REPORT_PATHS.report(report.id))).json()).toMatchObject({
      name: 'By status',
    });
  });
});

describe('GET reports/ (the scheduler report picker)', () => {
  const EMAIL_REPORT = {
    report_kind: 'email_delivery',
    chart_type: 'BAR_CHART',
    group_by: [{ source: 'email__status' }],
    operations: [{ function: 'count', label: 'E-mails' }],
  };

  it("pages the tenant's reports by name, searches report and dashboard names, without config", async () => {
    const { client } = await reportTenant();
    const ops = await newDashboard(client, 'Operations');
    for (const name of ['zeta', 'Alpha', 'beta']) await newReport(client, ops.id, name);
    await newReport(client, null, 'Standing alone');
    const first = ReportSummariesPageSchema.parse(
      (await client.get(`${REPORT_PATHS.reports}?limit=2`)).json(),
    );
    expect(first.count).toBe(4);
    expect(first.results.map((r) => r.name)).toEqual(['Alpha', 'beta']);
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Alpha',
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      dashboard_id: ops.id,
      dashboard_name: 'Operations',
    });
    expect(first.next).toContain('offset=2');
    const byReport = ReportSummariesPageSchema.parse(
      (await client.get(`${REPORT_PATHS.reports}?q=STAND`)).json(),
    );
    expect(byReport.results.map((r) => [r.name, r.dashboard_name])).toEqual([['Standing alone', null]]);
    const byDashboard = ReportSummariesPageSchema.parse(
      (await client.get(`${REPORT_PATHS.reports}?q=operat`)).json(),
    );
    expect(byDashboard.count).toBe(3);
    expect((await client.get(`${REPORT_PATHS.reports}?limit=0`)).statusCode).toBe(400);
  });

  it('needs can_view_process_report and leaves out the kinds the reader may not run', async () => {
    const { tenant, client } = await reportTenant();
    await newReport(client, null, 'Workflows');
    expect((await client.post(REPORT_PATHS.reports, { name: 'Mail', config: EMAIL_REPORT })).statusCode).toBe(
      201,
    );
    await grant(adminDb, tenant.id, userId(tenant, `admin@${tenant.slug}.test`), [
      'can_access_admin_settings',
    ]);
    const adminList = ReportSummariesPageSchema.parse((await client.get(REPORT_PATHS.reports)).json());
    expect(adminList.results.map((r) => r.name)).toEqual(['Mail', 'Workflows']);

    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    expect((await member.get(REPORT_PATHS.reports)).statusCode).toBe(403);
    await grant(adminDb, tenant.id, userId(tenant, `member@${tenant.slug}.test`), [
      'can_view_process_report',
    ]);
    const memberList = ReportSummariesPageSchema.parse((await member.get(REPORT_PATHS.reports)).json());
    // The Email Delivery Report is the administrators' (Can access admin settings).
    expect(memberList.results.map((r) => r.name)).toEqual(['Workflows']);
    expect(memberList.count).toBe(1);
    expect((await TestClient.forTenant(app, tenant.slug).get(REPORT_PATHS.reports)).statusCode).toBe(401);
  });

  it("never lists another tenant's reports", async () => {
    const mine = await reportTenant();
    const theirs = await reportTenant();
    await newReport(theirs.client, null, 'Theirs');
    await newReport(mine.client, null, 'Mine');
    const list = ReportSummariesPageSchema.parse((await mine.client.get(REPORT_PATHS.reports)).json());
    expect(list.results.map((r) => r.name)).toEqual(['Mine']);
    const searched = ReportSummariesPageSchema.parse(
      (await mine.client.get(`${REPORT_PATHS.reports}?q=theirs`)).json(),
    );
    expect(searched.count).toBe(0);
  });
});
