import { randomUUID } from 'node:crypto';
import {
  BATCH_IMPORT_PATHS,
  BatchImportsPageSchema,
  RECORD_PATHS,
  RecordsPageSchema,
  RelatedWorkflowsPageSchema,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
} from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS } from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { temporaryFilesDir } from '../../test/attachment-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { DEMO_IMPORT_BAD_ROWS, DEMO_IMPORT_FILE, DEMO_IMPORT_ROWS, seedDemoImport } from './demo-import.js';
import { seedDemoPortfolio } from './demo-portfolio-seed.js';
import { SUPPLIER_RECORD_FIELD, seedDemoRecords } from './demo-records.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, db, adminDb, services } = await createTestApp({ FILES_DIR: temporaryFilesDir() });

async function demoTenant() {
  const slug = `t-rec-${randomUUID().slice(0, 8)}`;
  const domain = `${slug}.test`;
  const tenant = await createTestTenant(adminDb, {
    slug,
    regions: [
      { name: 'Europe', businessUnits: ['Procurement EU'] },
      { name: 'North America', businessUnits: ['Procurement NA'] },
      { name: 'Asia Pacific', businessUnits: ['Operations APAC'] },
    ],
    groups: [{ name: 'Administrators', permissions: ['can_view_dashboard'] }],
    users: [
      {
        email: `admin@${domain}`,
        password: TEST_PASSWORD,
        first_name: 'Admin',
        last_name: 'Demo',
        groups: ['Administrators'],
      },
    ],
  });
  await seedDemoWorkflowSetup(adminDb, tenant.id, { domain, perKind: 0 });
  await seedDemoPortfolio(adminDb, tenant.id, { files: services.files, domain, count: 40 });
  return { ...tenant, slug, domain };
}

describe('demo records seed', { timeout: 240_000 }, () => {
  it("lists one Supplier record per onboarding's supplier, each onboarding linked to its own", async () => {
    const tenant = await demoTenant();
    // The Supplier type is published by the demo app's Production deployment, as a deploy does.
    const published = await adminDb
      .selectFrom('object_type_versions as v')
      .innerJoin('object_types as t', 't.id', 'v.object_type_id')
      .innerJoin('studio_deployments as d', 'd.id', 'v.studio_deployment_id')
      .select(['t.tag', 'v.version', 'd.environment'])
      .where('t.tenant_id', '=', tenant.id)
      .execute();
    expect(published).toEqual([{ tag: 'supplier', version: 1, environment: 'PRODUCTION' }]);
    const started = Date.now();
    const made = await seedDemoRecords(db, tenant.id, `admin@${tenant.domain}`);
    const took = Date.now() - started;

    // The suppliers the onboardings name, by hand from their answers.
    const names = await adminDb
      .selectFrom('workflow_responses as r')
      .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
      .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
      .select(['r.workflow_id', 'r.value'])
      .where('r.tenant_id', '=', tenant.id)
      .where('k.tag', '=', 'supplier_onboarding')
      .where('r.field_tag', '=', SUPPLIER_ONBOARDING_FIELDS.supplierName)
      .where('r.is_current', '=', true)
      .execute();
    const distinct = new Set(names.map((n) => n.value));
    expect(distinct.size).toBeGreaterThan(0);
    expect(made).toBe(distinct.size);
    expect(took).toBeLessThan(20_000);
    // Seeding again adds nothing.
    expect(await seedDemoRecords(db, tenant.id, `admin@${tenant.domain}`)).toBe(0);

    await grant(adminDb, tenant.id, userId(tenant, `admin@${tenant.domain}`), ['can_view_records']);
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(`admin@${tenant.domain}`);
    const list = await admin.get(`${RECORD_PATHS.records('supplier')}?limit=100`);
    expect(list.statusCode).toBe(200);
    const page = RecordsPageSchema.parse(list.json());
    expect(page.count).toBe(distinct.size);
    expect(new Set(page.results.map((r) => r.title))).toEqual(distinct);

    // An onboarding answers its supplier_record field with the record of the supplier it names,
    // and links it; its page shows the record by title, and the record lists the onboarding.
    const onboarding = names[0];
    const record = page.results.find((r) => r.title === onboarding?.value);
    expect(record).toBeDefined();
    const link = await adminDb
      .selectFrom('workflow_record_links')
      .select(['record_id', 'field_tag'])
      .where('workflow_id', '=', onboarding?.workflow_id ?? '0')
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ record_id: String(record?.id), field_tag: SUPPLIER_RECORD_FIELD });
    const detail = await admin.get(WORKFLOW_PATHS.workflow(Number(onboarding?.workflow_id)));
    expect(detail.statusCode).toBe(200);
    const workflow = WorkflowDetailSchema.parse(detail.json());
    expect(workflow.answers[SUPPLIER_RECORD_FIELD]).toBe(record?.id);
    expect(workflow.answer_records?.[SUPPLIER_RECORD_FIELD]).toEqual({
      id: record?.id,
      title: onboarding?.value,
      visible: true,
    });
    const related = await admin.get(RECORD_PATHS.relatedWorkflows('supplier', record?.id ?? 0));
    expect(related.statusCode).toBe(200);
    expect(RelatedWorkflowsPageSchema.parse(related.json()).results.map((w) => String(w.id))).toContain(
      onboarding?.workflow_id,
    );

    // Every onboarding that names a supplier answers it, and each answer is its link.
    const answered = await adminDb
      .selectFrom('workflow_responses as r')
      .leftJoin('workflow_record_links as l', (join) =>
        join.onRef('l.workflow_id', '=', 'r.workflow_id').onRef('l.field_tag', '=', 'r.field_tag'),
      )
      .select(['r.workflow_id', 'r.value', 'l.record_id'])
      .where('r.tenant_id', '=', tenant.id)
      .where('r.field_tag', '=', SUPPLIER_RECORD_FIELD)
      .where('r.is_current', '=', true)
      .execute();
    expect(answered.map((a) => a.workflow_id).sort()).toEqual(names.map((n) => n.workflow_id).sort());
    expect(answered.every((a) => String(a.value) === a.record_id)).toBe(true);
    const links = await adminDb
      .selectFrom('workflow_record_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(Number(links.n)).toBe(answered.length);
  });

  it('shows a finished import of 120 more suppliers: 117 created, the 3 bad rows failed in its results', async () => {
    const tenant = await demoTenant();
    const adminEmail = `admin@${tenant.domain}`;
    const onboardingSuppliers = await seedDemoRecords(db, tenant.id, adminEmail);
    const started = Date.now();
    const made = await seedDemoImport(db, tenant.id, { adminEmail, files: services.files });
    const took = Date.now() - started;
    expect(made).toMatchObject({
      state: 'finished',
      rows_total: 120,
      created: 117,
      failed: 3,
      results_available: true,
    });
    expect(took).toBeLessThan(20_000);

    const adminId = userId(tenant, adminEmail);
    await grant(adminDb, tenant.id, adminId, ['can_view_records', 'can_view_import_pipeline']);
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(adminEmail);
    const imports = BatchImportsPageSchema.parse((await admin.get(BATCH_IMPORT_PATHS.imports)).json());
    expect(imports.results).toHaveLength(1);
    const listed = imports.results[0];
    expect(listed).toMatchObject({
      file_name: DEMO_IMPORT_FILE,
      state: 'finished',
      created: 117,
      failed: 3,
    });
    expect(listed?.created_by?.id).toBe(Number(adminId));
    const records = RecordsPageSchema.parse(
      (await admin.get(`${RECORD_PATHS.records('supplier')}?limit=1`)).json(),
    );
    expect(records.count).toBe(onboardingSuppliers + 117);

    // The results file: one line per row of the file, the three bad ones failed with their reasons.
    const results = await admin.get(BATCH_IMPORT_PATHS.results(listed?.id ?? 0));
    expect(results.statusCode).toBe(200);
    const lines = results.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^row,outcome,id,title,messages,/);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(DEMO_IMPORT_ROWS);
    expect(rows.map((cells) => Number(cells[0]))).toEqual(rows.map((_, i) => i + 1));
    const failed = rows.filter((cells) => cells[1] === 'failed').map((cells) => Number(cells[0]));
    expect(failed).toEqual(Object.values(DEMO_IMPORT_BAD_ROWS).sort((a, b) => a - b));
    expect(rows.filter((cells) => cells[1] === 'created')).toHaveLength(117);

    // Seeding again adds nothing: no second import, no more records.
    expect(await seedDemoImport(db, tenant.id, { adminEmail, files: services.files })).toBeNull();
    const again = BatchImportsPageSchema.parse((await admin.get(BATCH_IMPORT_PATHS.imports)).json());
    expect(again.count).toBe(1);
    const after = RecordsPageSchema.parse(
      (await admin.get(`${RECORD_PATHS.records('supplier')}?limit=1`)).json(),
    );
    expect(after.count).toBe(onboardingSuppliers + 117);
  });
});
