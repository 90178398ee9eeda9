import { REPORT_API_MESSAGES, REPORT_PATHS, ReportResultSchema, ReportSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import type { TestClient } from '../../test/test-app.js';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const BY_NAME = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};

// Three vendor checks in Europe (which the admin and the member see; the supplier sees none), one
// named like a spreadsheet formula.
async function tenantWithWorkflows() {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_add_process_report']);
  const admin = await t.signedIn('admin');
  for (const name of ['Acme', 'Birch', '=HYPERLINK("http://x.test")'])
    await createVendorCheck(t, admin, name);
  const created = await admin.post(REPORT_PATHS.reports, { name: 'Checks, by name', config: BY_NAME });
  expect(created.statusCode).toBe(201);
  return { t, admin, report: ReportSchema.parse(created.json()) };
}

async function data(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return ReportResultSchema.parse(response.json());
}

describe('GET reports/{id}/data/ and POST reports/preview/', () => {
  it("answers the header row then a page of value rows, and the report's row count", async () => {
    const { admin, report } = await tenantWithWorkflows();
    const all = await data(admin, REPORT_PATHS.reportData(report.id));
    expect(all).toEqual({
      results: [
        ['Name', 'Count'],
        ['=HYPERLINK("http://x.test")', 1],
        ['Acme', 1],
        ['Birch', 1],
      ],
      count: 3,
    });
    const page = await data(admin, `${REPORT_PATHS.reportData(report.id)}?limit=1&offset=1`);
    expect(page).toEqual({
      results: [
        ['Name', 'Count'],
        ['Acme', 1],
      ],
      count: 3,
    });
  });

  it('previews an unsaved config, and refuses an invalid one with its problems', async () => {
    const { admin } = await tenantWithWorkflows();
    const config = { ...BY_NAME, group_by: [], order_by: [] };
    const response = await admin.post(REPORT_PATHS.preview, { config });
    expect(response.statusCode).toBe(200);
    expect(ReportResultSchema.parse(response.json())).toEqual({ results: [['Count'], [3]], count: 1 });

    const bad = await admin.post(REPORT_PATHS.preview, { config: { operations: [{ function: 'mode' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['config.operations.0.function']);
  });

  it('runs for the person asking: the supplier sees none of the workflows', async () => {
    const { t, report } = await tenantWithWorkflows();
    await grant(adminDb, t.id, t.users.supplier, ['can_view_process_report']);
    const supplier = await t.signedIn('supplier');
    expect(await data(supplier, REPORT_PATHS.reportData(report.id))).toEqual({
      results: [['Name', 'Count']],
      count: 0,
    });
  });

  it("needs can_view_process_report, and answers 404 for another tenant's report", async () => {
    const { t, report } = await tenantWithWorkflows();
    const member = await t.signedIn('member');
    expect((await member.get(REPORT_PATHS.reportData(report.id))).statusCode).toBe(403);
    expect((await member.get(REPORT_PATHS.reportCsv(report.id))).statusCode).toBe(403);
    expect((await member.post(REPORT_PATHS.preview, { config: BY_NAME })).statusCode).toBe(403);

    const other = await tenantWithWorkflows();
    expect((await other.admin.get(REPORT_PATHS.reportData(report.id))).statusCode).toBe(404);
    expect((await other.admin.get(REPORT_PATHS.reportCsv(report.id))).statusCode).toBe(404);
  });
});

describe('Email Delivery Report', () => {
  it("is open to administrators only: the tenant's mail is not a workflow the reader may see", async () => {
    const { t, admin } = await tenantWithWorkflows();
    const config = {
      report_kind: 'email_delivery',
      chart_type: 'BAR_CHART',
      group_by: [{ source: 'email__status' }],
      operations: [{ function: 'count', label: 'E-mails' }],
    };
    await grant(adminDb, t.id, t.users.member, ['can_view_process_report']);
    const member = await t.signedIn('member');
    const refused = await member.post(REPORT_PATHS.preview, { config });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'report_needs_admin',
      detail: REPORT_API_MESSAGES.emailReportNeedsAdmin,
    });

    await grant(adminDb, t.id, t.users.admin, ['can_view_process_report', 'can_access_admin_settings']);
    const allowed = await admin.post(REPORT_PATHS.preview, { config });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(ReportResultSchema.parse(allowed.json()).results[0]).toHaveLength(2);
  });
});

describe('GET reports/{id}/data.csv', () => {
  it('downloads every row as CSV, header first, formula-like cells neutralised', async () => {
    const { admin, report } = await tenantWithWorkflows();
    const response = await admin.get(REPORT_PATHS.reportCsv(report.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      // The same name as the report's PNG but for the extension (shared reportFileName, issue 14).
      /^attachment; filename="checks-by-name-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.body).toBe(
      `\uFEFFName,Count\r\n"'=HYPERLINK(""http://x.test"")",1\r\nAcme,1\r\nBirch,1\r\n`,
    );
  });
});
