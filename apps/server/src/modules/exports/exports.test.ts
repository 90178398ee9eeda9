import { Readable } from 'node:stream';
import { DASHBOARD_PATHS, EXPORT_PATHS, WORKFLOW_PATHS, WorkflowExportSchema } from '@attest/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  grantRegion,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';
import { purgeExpiredExports } from './export-jobs.js';
import { createExportRunner } from './export-runner.js';

const { app, adminDb, db, services } = await createTestApp();

const today = () => new Date().toISOString().slice(0, 10);

async function answer(client: TestClient, id: number, field: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: field, value });
  if (response.statusCode !== 200) throw new Error(`answer failed: ${response.body}`);
}

// Two vendor checks in Europe (Paris), one in Asia that the admin may not see.
async function seeded() {
  const t = await workflowTestTenant(app, adminDb);
  const admin = await t.signedIn('admin');
  const acme = await createVendorCheck(t, admin, 'Acme Ltd check');
  await answer(admin, acme, VC.name, 'Acme');
  await answer(admin, acme, VC.spend, 1500);
  await answer(admin, acme, VC.country, 'FR');
  await answer(admin, acme, VC.notes, '=HYPERLINK("http://evil.test")');
  const beta = await createVendorCheck(t, admin, '+Beta, Inc');
  await answer(admin, beta, VC.spend, 10);
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const asia = await admin.post(WORKFLOW_PATHS.workflows, {
    kind_id: t.kinds.vendor,
    name: 'Tokyo check',
    region_id: t.ids.region('Asia'),
  });
  expect(asia.statusCode).toBe(201);
  await adminDb
    .deleteFrom('user_region_access')
    .where('tenant_id', '=', t.id)
    .where('user_id', '=', String(t.users.admin))
    .where('region_id', '=', String(t.ids.region('Asia')))
    .execute();
  return { t, admin, ids: { acme, beta } };
}

async function requestExport(client: TestClient, body: Record<string, unknown>) {
  return client.post(EXPORT_PATHS.exports, body);
}

async function exportedFile(t: WorkflowTestTenant, client: TestClient, body: Record<string, unknown>) {
  const created = await requestExport(client, body);
  expect(created.statusCode).toBe(202);
  const queued = WorkflowExportSchema.parse(created.json());
  expect(queued.state).toBe('queued');
  expect(await services.workflowExports.runQueued(t.id)).toBe(1);
  const status = WorkflowExportSchema.parse((await client.get(EXPORT_PATHS.export(queued.id))).json());
  const download = await client.get(EXPORT_PATHS.download(queued.id));
  return { queued, status, download };
}

// A small RFC 4180 reader: enough to read back what the export wrote.
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const HEADERS = [
  'ID',
  'Name',
  'Kind',
  'Status',
  'Region',
  'Business unit',
  'Created at',
  'Created by',
  'Progress',
  'Vendor name',
  'Annual spend',
  'Country',
  'Notes',
  'Decision',
  'Sub-checks',
];

describe('POST workflows/export/ and the job that writes the file', () => {
  it('writes the CSV of the visible workflows of the kind, newest first, with readable and neutralised cells', async () => {
    const { t, admin, ids } = await seeded();
    const { queued, status, download } = await exportedFile(t, admin, {
      kind_id: t.kinds.vendor,
      format: 'csv',
    });
    expect(queued).toMatchObject({ rows_total: 2, rows_done: 0, file_name: `vendor-check-${today()}.csv` });
    expect(status).toMatchObject({ state: 'finished', rows_total: 2, rows_done: 2, error: null });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toContain(`filename="vendor-check-${today()}.csv"`);
    const rows = csvRows(download.body);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      String(ids.beta),
      "'+Beta, Inc",
      'Vendor Check',
      'Draft',
      'Europe',
      'Paris',
      today(),
      'Ada Admin',
      '0',
      '',
      '10',
      '',
      '',
      '',
      '',
    ]);
    expect(rows[2]?.slice(0, 2)).toEqual([String(ids.acme), 'Acme Ltd check']);
    expect(rows[2]?.slice(9, 13)).toEqual(['Acme', '1500', 'France', `'=HYPERLINK("http://evil.test")`]);
  });

  it('writes the XLSX that reads back with numbers as numbers and formulas as text', async () => {
    const { t, admin, ids } = await seeded();
    const { status, download } = await exportedFile(t, admin, { kind_id: t.kinds.vendor, format: 'xlsx' });
    expect(status).toMatchObject({
      state: 'finished',
      rows_done: 2,
      file_name: `vendor-check-${today()}.xlsx`,
    });
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(download.rawPayload));
    const sheet = workbook.getWorksheet('Workflows');
    if (!sheet) throw new Error('no Workflows sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADERS);
    expect(values(2).slice(0, 4)).toEqual([ids.beta, "'+Beta, Inc", 'Vendor Check', 'Draft']);
    const acme = values(3);
    expect(acme[0]).toBe(ids.acme);
    expect(acme.slice(9, 13)).toEqual(['Acme', 1500, 'France', `'=HYPERLINK("http://evil.test")`]);
    expect(sheet.getRow(3).getCell(13).type).toBe(ExcelJS.ValueType.String);
  });

  it('reports progress as it goes and ends with rows done equal to rows total', async () => {
    const { t, admin } = await seeded();
    const seen: number[] = [];
    const runner = createExportRunner({
      db,
      files: services.files,
      jobs: null,
      log: () => {},
      progressEvery: 1,
      onProgress: (rowsDone) => seen.push(rowsDone),
    });
    const created = WorkflowExportSchema.parse(
      (await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).json(),
    );
    expect(await runner.run(t.id, String(created.id))).toBe('finished');
    expect(seen).toEqual([1, 2]);
    const status = WorkflowExportSchema.parse((await admin.get(EXPORT_PATHS.export(created.id))).json());
    expect(status.rows_done).toBe(status.rows_total);
    // A finished export is not run twice.
    expect(await runner.run(t.id, String(created.id))).toBe('skipped');
  });

  it('fails the export when writing its progress fails, though progress is written beside the rows', async () => {
    const { t, admin } = await seeded();
    const runner = createExportRunner({
      db,
      // A store slow to start reading (its folder made late): the export fails before it reads.
      files: {
        ...services.files,
        put: async (source, options) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return services.files.put(source, options);
        },
      },
      jobs: null,
      log: () => {},
      progressEvery: 1,
      onProgress: () => {
        throw new Error('progress write failed');
      },
    });
    const created = WorkflowExportSchema.parse(
      (await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).json(),
    );
    expect(await runner.run(t.id, String(created.id))).toBe('failed');
    const status = WorkflowExportSchema.parse((await admin.get(EXPORT_PATHS.export(created.id))).json());
    expect(status.state).toBe('failed');
  });

  it('streams more rows than one cursor batch, in order, with progress every 1000 rows', async () => {
    const { t, admin, ids } = await seeded();
    // 1,500 more copies of the Acme check, straight in SQL (the API would take minutes).
    await sql`
      insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id, business_unit_id,
        created_by, created_at)
      select w.tenant_id, w.kind_id, w.definition_id, 'Bulk ' || n, w.status_id, w.region_id, w.business_unit_id,
        w.created_by, w.created_at - make_interval(secs => n)
      from workflows w, generate_series(1, 1500) n
      where w.tenant_id = ${t.id} and w.id = ${String(ids.acme)}
    `.execute(adminDb);
    const seen: number[] = [];
    const runner = createExportRunner({
      db,
      files: services.files,
      jobs: null,
      log: () => {},
      onProgress: (rowsDone) => seen.push(rowsDone),
    });
    const created = WorkflowExportSchema.parse(
      (await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).json(),
    );
    expect(created.rows_total).toBe(1502);
    expect(await runner.run(t.id, String(created.id))).toBe('finished');
    expect(seen).toEqual([1000]);
    const rows = csvRows((await admin.get(EXPORT_PATHS.download(created.id))).body);
    expect(rows).toHaveLength(1503);
    expect(rows.slice(1, 3).map((row) => row[1])).toEqual(["'+Beta, Inc", 'Acme Ltd check']);
    expect(rows[1502]?.[1]).toBe('Bulk 1500');
  });

  it('holds exactly the rows the list filters select, in the list ordering', async () => {
    const { t, admin, ids } = await seeded();
    const gamma = await createVendorCheck(t, admin, 'Gamma check');
    await answer(admin, gamma, VC.spend, 5000);
    // No spend: last when ordered by it, in either direction.
    const delta = await createVendorCheck(t, admin, 'Delta check');
    // The export's ids, checked against the list's (GET workflows/ with the same filters).
    const exportedIds = async (filters: Record<string, string>) => {
      const { download } = await exportedFile(t, admin, {
        kind_id: t.kinds.vendor,
        format: 'csv',
        ...filters,
      });
      const exported = csvRows(download.body)
        .slice(1)
        .map((row) => Number(row[0]));
      const query = new URLSearchParams({ ...filters, kind_id: String(t.kinds.vendor), limit: '100' });
      const listed = await admin.get(`${DASHBOARD_PATHS.workflows}?${query}`);
      expect(listed.statusCode).toBe(200);
      expect(exported).toEqual(listed.json().results.map((item: { id: number }) => item.id));
      return exported;
    };
    const bigSpend = {
      compareType: 'AND',
      conditions: [{ field: `field__${VC.spend}`, type: 'integer', operator: 'gte', value: 1000 }],
      groups: [],
    };
    expect(await exportedIds({ advanced_filters: JSON.stringify(bigSpend) })).toEqual([gamma, ids.acme]);
    expect(await exportedIds({ q: 'check' })).toEqual([delta, gamma, ids.acme]);
    expect(await exportedIds({ ordering: 'name' })).toEqual([ids.beta, ids.acme, delta, gamma]);
    expect(await exportedIds({ ordering: `-field__${VC.spend}` })).toEqual([
      gamma,
      ids.acme,
      ids.beta,
      delta,
    ]);
    expect(await exportedIds({ ordering: `field__${VC.spend}` })).toEqual([ids.beta, ids.acme, gamma, delta]);
    expect(
      await exportedIds({
        region__in: String(t.ids.region('Europe')),
        business_unit__in: String(t.ids.unit('Paris')),
      }),
    ).toEqual([delta, gamma, ids.beta, ids.acme]);
    const berlin = await requestExport(admin, {
      kind_id: t.kinds.vendor,
      format: 'csv',
      business_unit__in: String(t.ids.unit('Berlin')),
    });
    expect(berlin.statusCode).toBe(404);
    const badFilter = await requestExport(admin, {
      kind_id: t.kinds.vendor,
      format: 'csv',
      advanced_filters: JSON.stringify({
        ...bigSpend,
        conditions: [{ ...bigSpend.conditions[0], operator: 'contains' }],
      }),
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({
      code: 'invalid_export_params',
      errors: { advanced_filters: [expect.any(String)] },
    });
  });

  it('records a failed export with a sentence for the user when its job cannot write it', async () => {
    const { t, admin } = await seeded();
    const created = WorkflowExportSchema.parse(
      (await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).json(),
    );
    // Filters that stopped decoding (a bad row, a changed rule) fail the job, never half a file.
    await adminDb
      .updateTable('workflow_exports')
      .set({ params: JSON.stringify({ status__in: 'not-an-id' }) })
      .where('tenant_id', '=', t.id)
      .execute();
    const errors: string[] = [];
    const runner = createExportRunner({
      db,
      files: services.files,
      jobs: null,
      log: (error, context) => errors.push(`${context}: ${error.message}`),
    });
    expect(await runner.run(t.id, String(created.id))).toBe('failed');
    expect(errors).toHaveLength(1);
    const status = WorkflowExportSchema.parse((await admin.get(EXPORT_PATHS.export(created.id))).json());
    expect(status).toMatchObject({ state: 'failed', error: 'The export failed. Please try again.' });
    expect((await admin.get(EXPORT_PATHS.download(created.id))).statusCode).toBe(404);
  });

  it('answers 404 no workflows to export when nothing matches, and for a kind of another tenant', async () => {
    const { t, admin } = await seeded();
    const none = await requestExport(admin, { kind_id: t.kinds.sub, format: 'csv' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'no workflows to export', code: 'no_workflows_to_export' });
    const other = await workflowTestTenant(app, adminDb);
    const foreign = await requestExport(admin, { kind_id: other.kinds.vendor, format: 'csv' });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400 invalid export params with the reason', async () => {
    const { t, admin } = await seeded();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind_id: t.kinds.vendor, format: 'pdf' }, 'format'],
      [{ kind_id: t.kinds.vendor }, 'format'],
      [{ format: 'csv' }, 'kind_id'],
      [{ kind_id: t.kinds.vendor, format: 'csv', tenant_id: 1 }, 'non_field_errors'],
      [{ kind_id: t.kinds.vendor, format: 'csv', status__in: 'x' }, 'status__in'],
      [{ kind_id: t.kinds.vendor, format: 'csv', advanced_filters: '{' }, 'advanced_filters'],
      [{ kind_id: t.kinds.vendor, format: 'csv', ordering: 'drop table' }, 'ordering'],
    ];
    for (const [body, param] of cases) {
      const response = await requestExport(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const json = response.json();
      expect(json).toMatchObject({ detail: 'invalid export params', code: 'invalid_export_params' });
      expect(Object.keys(json.errors), JSON.stringify(body)).toContain(param);
    }
  });

  it('answers 429 while the user has three exports queued or running', async () => {
    const { t, admin } = await seeded();
    for (let i = 0; i < 3; i++) {
      expect((await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).statusCode).toBe(202);
    }
    const fourth = await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      detail: 'You already have 3 exports in progress. Wait for one to finish.',
      code: 'too_many_exports',
    });
    await services.workflowExports.runQueued(t.id);
    expect((await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).statusCode).toBe(202);
  });

  it('refuses a user without Can export workflow data (403)', async () => {
    const { t } = await seeded();
    const member = await t.signedIn('member');
    expect((await requestExport(member, { kind_id: t.kinds.vendor, format: 'csv' })).statusCode).toBe(403);
  });

  it("answers 404 for another user's export and another tenant's, before and after it is finished", async () => {
    const { t, admin } = await seeded();
    const created = WorkflowExportSchema.parse(
      (await requestExport(admin, { kind_id: t.kinds.vendor, format: 'csv' })).json(),
    );
    // Not finished yet: no file to download.
    expect((await admin.get(EXPORT_PATHS.download(created.id))).statusCode).toBe(404);
    await grant(adminDb, t.id, t.users.member, ['can_export_workflow_data']);
    const member = await t.signedIn('member');
    const other = await workflowTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    for (const client of [member, stranger]) {
      expect((await client.get(EXPORT_PATHS.export(created.id))).statusCode).toBe(404);
    }
    await services.workflowExports.runQueued(t.id);
    for (const client of [member, stranger]) {
      expect((await client.get(EXPORT_PATHS.export(created.id))).statusCode).toBe(404);
      expect((await client.get(EXPORT_PATHS.download(created.id))).statusCode).toBe(404);
    }
    expect((await admin.get(EXPORT_PATHS.download(created.id))).statusCode).toBe(200);
  });

  it('deletes expired exports and their files', async () => {
    const { t, admin } = await seeded();
    const { queued } = await exportedFile(t, admin, { kind_id: t.kinds.vendor, format: 'csv' });
    const row = await adminDb
      .selectFrom('workflow_exports')
      .select('storage_key')
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(queued.id))
      .executeTakeFirstOrThrow();
    expect(await services.files.exists(row.storage_key ?? '')).toBe(true);
    await adminDb
      .updateTable('workflow_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', t.id)
      .execute();
    expect((await admin.get(EXPORT_PATHS.export(queued.id))).statusCode).toBe(404);
    expect(await purgeExpiredExports(adminDb, services.files)).toBeGreaterThanOrEqual(1);
    expect(await services.files.exists(row.storage_key ?? '')).toBe(false);
    const left = await adminDb
      .selectFrom('workflow_exports')
      .select('id')
      .where('tenant_id', '=', t.id)
      .execute();
    expect(left).toEqual([]);
  });
});
