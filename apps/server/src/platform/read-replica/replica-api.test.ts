import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DASHBOARD_PATHS,
  EXPORT_PATHS,
  KindWorkflowCountsSchema,
  REPORT_PATHS,
  ReportResultSchema,
  ReportSchema,
  WorkflowExportSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type OpenDatabase, openDatabase } from '../../db/bootstrap.js';
import { createServices, type Services } from '../../services.js';
import { grant } from '../../test/admin-fixtures.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE } from '../../test/global-setup.js';
import { localCaptchaVerifier } from '../../test/local-captcha.js';
import {
  embeddedBinaries,
  type ReplicaCluster,
  startReplicaCluster,
  waitForReplay,
} from '../../test/replica-cluster.js';
import type { TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';
import { RECENT_WRITE_COOKIE } from './read-your-writes.js';

const bins = await embeddedBinaries();
// The binaries come with `npm ci`; only a machine without them skips, never CI.
const runs = bins !== null || Boolean(process.env.CI);

const BY_NAME = {
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};

// The whole API on a primary and a streaming replica, with a lag bound far above the test's length:
// while the standby's replay is paused it stays "fresh", so what it answers shows who answered.
describe.runIf(runs)('the API with DATABASE_REPLICA_URL', () => {
  let cluster: ReplicaCluster;
  let database: OpenDatabase;
  let app: FastifyInstance;
  let services: Services;
  let filesDir: string;
  let primary: pg.Client;
  let standby: pg.Client;
  let t: WorkflowTestTenant;
  let admin: TestClient;
  let reportId: number;

  beforeAll(async () => {
    if (!bins) throw new Error('the embedded PostgreSQL binaries are missing');
    cluster = await startReplicaCluster(bins);
    filesDir = await mkdtemp(path.join(tmpdir(), 'attest-replica-files-'));
    const config = loadConfig({
      FILES_DIR: filesDir,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URL: cluster.standbyUrl,
      DATABASE_REPLICA_MAX_LAG_MS: '120000',
      APP_DB_ROLE: TEST_APP_ROLE,
      APP_DB_PASSWORD: TEST_APP_PASSWORD,
      TENANT_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'silent',
    });
    database = await openDatabase(config, () => {});
    services = createServices(config, database, null, {
      log: () => {},
      captchaVerifier: localCaptchaVerifier,
    });
    app = await buildApp({ services, logger: false });
    t = await workflowTestTenant(app, database.adminDb);
    await grant(database.adminDb, t.id, t.users.admin, ['can_add_process_report']);
    admin = await t.signedIn('admin');
    for (const name of ['Acme', 'Birch']) await createVendorCheck(t, admin, name);
    const created = await admin.post(REPORT_PATHS.reports, { name: 'Checks, by name', config: BY_NAME });
    expect(created.statusCode).toBe(201);
    reportId = ReportSchema.parse(created.json()).id;
    primary = new pg.Client({ connectionString: cluster.primaryUrl });
    standby = new pg.Client({ connectionString: cluster.standbyUrl });
    await primary.connect();
    await standby.connect();
  });

  afterAll(async () => {
    await primary?.end();
    await standby?.end();
    await app?.close();
    await database?.close();
    await cluster?.stop();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  const names = async (client: TestClient) => {
    const response = await client.get(REPORT_PATHS.reportData(reportId));
    expect(response.statusCode, response.body).toBe(200);
    return ReportResultSchema.parse(response.json())
      .results.slice(1)
      .map((row) => row[0]);
  };
  const previewNames = async (client: TestClient) => {
    const response = await client.post(REPORT_PATHS.preview, { config: BY_NAME });
    expect(response.statusCode, response.body).toBe(200);
    return ReportResultSchema.parse(response.json())
      .results.slice(1)
      .map((row) => row[0]);
  };
  const vendorCount = async (client: TestClient, q: string) => {
    const response = await client.get(`${DASHBOARD_PATHS.kindWorkflowCounts}?q=${q}`);
    expect(response.statusCode, response.body).toBe(200);
    return KindWorkflowCountsSchema.parse(response.json()).results.find((r) => r.kind_id === t.kinds.vendor)
      ?.count;
  };

  // Workflows created over five years ago: none, until the primary moves Acme's creation back ten
  // years while the replica is paused. The page reads the primary, its count beside it the replica.
  const oldList = async (client: TestClient) => {
    const before = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
    const response = await client.get(
      `${DASHBOARD_PATHS.workflows}?kind_id=${t.kinds.vendor}&created_range_before=${before}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { results: { name: string }[]; count: number };
    return { names: page.results.map((r) => r.name), count: page.count };
  };

  it('answers reports and counts from the replica, and a person who just wrote from the primary', async () => {
    // A browser whose last write is older than the lag bound.
    admin.cookies.delete(RECENT_WRITE_COOKIE);
    await waitForReplay(primary, standby);
    expect(await names(admin)).toEqual(['Acme', 'Birch']);
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).json()).toEqual({
      status: 'ok',
      replica: 'fresh',
    });

    await standby.query('select pg_wal_replay_pause()');
    try {
      // A change the replica has not replayed: reports, the preview and counts still show the past.
      await primary.query(
        `update workflows set name = 'Zed', created_at = created_at - interval '10 years'
         where tenant_id = $1 and name = 'Acme'`,
        [t.id],
      );
      expect(await names(admin)).toEqual(['Acme', 'Birch']);
      expect(await previewNames(admin)).toEqual(['Acme', 'Birch']);
      expect(admin.cookies.has(RECENT_WRITE_COOKIE)).toBe(false);
      expect(await vendorCount(admin, 'acme')).toBe(1);
      // The list's page is the primary's; its count, beside it, the replica's.
      expect(await oldList(admin)).toEqual({ names: ['Zed'], count: 0 });

      // An export job (no request: no recent write of its own) reads its rows from the replica too.
      const created = await admin.post(EXPORT_PATHS.exports, { kind_id: t.kinds.vendor, format: 'csv' });
      expect(created.statusCode, created.body).toBe(202);
      expect(await services.workflowExports.runQueued(t.id)).toBe(1);
      const download = await admin.get(EXPORT_PATHS.download(WorkflowExportSchema.parse(created.json()).id));
      expect(download.statusCode).toBe(200);
      expect(download.body).toContain('Acme');
      expect(download.body).not.toContain('Zed');

      // A report made a moment ago is not on the replica yet: the primary answers it, not a 404.
      const made = await admin.post(REPORT_PATHS.reports, { name: 'Made during the pause', config: BY_NAME });
      expect(made.statusCode).toBe(201);
      admin.cookies.delete(RECENT_WRITE_COOKIE);
      const madeData = await admin.get(REPORT_PATHS.reportData(ReportSchema.parse(made.json()).id));
      expect(madeData.statusCode, madeData.body).toBe(200);
      expect(
        ReportResultSchema.parse(madeData.json())
          .results.slice(1)
          .map((row) => row[0]),
      ).toEqual(['Birch', 'Zed']);

      // The person writes through the API: from now on, within the bound, they read the primary.
      admin.cookies.delete(RECENT_WRITE_COOKIE);
      await createVendorCheck(t, admin, 'Cedar');
      expect(admin.cookies.get(RECENT_WRITE_COOKIE)).toBe('1');
      expect(await names(admin)).toEqual(['Birch', 'Cedar', 'Zed']);
      expect(await previewNames(admin)).toEqual(['Birch', 'Cedar', 'Zed']);
      expect(await vendorCount(admin, 'acme')).toBe(0);
      expect(await oldList(admin)).toEqual({ names: ['Zed'], count: 1 });
    } finally {
      await standby.query('select pg_wal_replay_resume()');
    }
    admin.cookies.delete(RECENT_WRITE_COOKIE);
    await waitForReplay(primary, standby);
    expect(await names(admin)).toEqual(['Birch', 'Cedar', 'Zed']);
  });
});
