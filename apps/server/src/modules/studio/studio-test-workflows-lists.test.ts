import {
  DASHBOARD_PATHS,
  EXPORT_PATHS,
  REPORT_PATHS,
  ReportResultSchema,
  TEST_WORKFLOW_MESSAGES,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { deployedToQa, started } from '../../test/test-workflow-fixtures.js';
import { createVendorCheck } from '../../test/workflow-fixtures.js';

// Issue 15: test workflows are left out of the dashboard's list (search and my tasks are its
// filters), its counts, exports and reports unless asked for, and asking is for studio users.
const { app, adminDb } = await createTestApp();

const BY_NAME = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};

async function listNames(client: TestClient, query: string) {
  const response = await client.get(`${DASHBOARD_PATHS.workflows}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { results: { name: string }[]; count: number };
  return { names: page.results.map((r) => r.name).sort(), count: page.count };
}

describe('test workflows in lists', () => {
  it('are left out of the dashboard, its counts and reports unless asked for', async () => {
    const { t, designer, appId } = await deployedToQa(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_add_process_report']);
    await started(designer, t, appId, 'QA check');
    await createVendorCheck(t, designer, 'Production check');
    const kind = `kind_id=${t.kinds.vendor}`;

    expect(await listNames(designer, kind)).toEqual({ names: ['Production check'], count: 1 });
    expect(await listNames(designer, `${kind}&environment=QA`)).toEqual({ names: ['QA check'], count: 1 });
    expect(await listNames(designer, `${kind}&environment=UAT`)).toEqual({ names: [], count: 0 });
    expect(await listNames(designer, `${kind}&environment=ALL`)).toEqual({
      names: ['Production check', 'QA check'],
      count: 2,
    });
    // Each row says which it is, so a mixed list can mark its test workflows.
    const all = (await designer.get(`${DASHBOARD_PATHS.workflows}?${kind}&environment=ALL`)).json() as {
      results: { name: string; test_environment: string | null }[];
    };
    expect(all.results.map((r) => [r.name, r.test_environment]).sort()).toEqual([
      ['Production check', null],
      ['QA check', 'QA'],
    ]);
    // Search and my tasks are the list's filters: the same rule.
    expect((await listNames(designer, 'q=check')).names).toEqual(['Production check']);

    const counts = async (query: string) => {
      const response = await designer.get(`${DASHBOARD_PATHS.kindWorkflowCounts}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { results: { kind_id: number; count: number }[] };
      return body.results.find((r) => r.kind_id === t.kinds.vendor)?.count;
    };
    expect(await counts('')).toBe(1);
    expect(await counts('?environment=QA')).toBe(1);
    expect(await counts('?environment=ALL')).toBe(2);

    const report = await designer.post(REPORT_PATHS.reports, { name: 'Checks', config: BY_NAME });
    expect(report.statusCode, report.body).toBe(201);
    const reportId = report.json().id as number;
    const data = async (query: string) => {
      const response = await designer.get(`${REPORT_PATHS.reportData(reportId)}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return ReportResultSchema.parse(response.json()).results.slice(1);
    };
    expect(await data('')).toEqual([['Production check', 1]]);
    expect(await data('?environment=QA')).toEqual([['QA check', 1]]);
    const preview = await designer.post(REPORT_PATHS.preview, { config: BY_NAME, environment: 'ALL' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(ReportResultSchema.parse(preview.json()).results).toHaveLength(3);

    // Asking for test workflows is for studio users only (the member may read reports).
    await grant(adminDb, t.id, t.users.member, ['can_view_process_report']);
    const member = await t.signedIn('member');
    for (const url of [
      `${DASHBOARD_PATHS.workflows}?environment=QA`,
      `${DASHBOARD_PATHS.kindWorkflowCounts}?environment=ALL`,
      `${REPORT_PATHS.reportData(reportId)}?environment=QA`,
    ]) {
      const response = await member.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe(TEST_WORKFLOW_MESSAGES.listForbidden);
    }
    expect((await member.get(`${DASHBOARD_PATHS.workflows}?environment=nowhere`)).statusCode).toBe(400);

    // An export holds the list's rows: Production's unless asked, and asking is for studio users.
    const exportOf = (client: TestClient, environment?: string) =>
      client.post(EXPORT_PATHS.exports, {
        kind_id: t.kinds.vendor,
        format: 'csv',
        ...(environment && { environment }),
      });
    expect((await exportOf(member, 'QA')).statusCode).toBe(403);
    const production = await exportOf(designer);
    expect(production.statusCode, production.body).toBe(202);
    expect(production.json()).toMatchObject({ rows_total: 1 });
    const qa = await exportOf(designer, 'QA');
    expect(qa.statusCode, qa.body).toBe(202);
    expect(qa.json()).toMatchObject({ rows_total: 1 });
  });
});
