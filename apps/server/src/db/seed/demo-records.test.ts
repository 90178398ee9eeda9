import { randomUUID } from 'node:crypto';
import { RECORD_PATHS, RecordsPageSchema, RelatedWorkflowsPageSchema } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS } from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { temporaryFilesDir } from '../../test/attachment-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { seedDemoPortfolio } from './demo-portfolio-seed.js';
import { SUPPLIER_RECORD_FIELD, seedDemoRecords } from './demo-records.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, adminDb, services } = await createTestApp({ FILES_DIR: temporaryFilesDir() });

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
    const made = await seedDemoRecords(adminDb, tenant.id, `admin@${tenant.domain}`);
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
    expect(await seedDemoRecords(adminDb, tenant.id, `admin@${tenant.domain}`)).toBe(0);

    await grant(adminDb, tenant.id, userId(tenant, `admin@${tenant.domain}`), ['can_view_records']);
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(`admin@${tenant.domain}`);
    const list = await admin.get(`${RECORD_PATHS.records('supplier')}?limit=100`);
    expect(list.statusCode).toBe(200);
    const page = RecordsPageSchema.parse(list.json());
    expect(page.count).toBe(distinct.size);
    expect(new Set(page.results.map((r) => r.title))).toEqual(distinct);

    // An onboarding links the record of the supplier it names, shown on the record's workflows tab.
    const onboarding = names[0];
    const record = page.results.find((r) => r.title === onboarding?.value);
    expect(record).toBeDefined();
    const link = await adminDb
      .selectFrom('workflow_record_links')
      .select(['record_id', 'field_tag'])
      .where('workflow_id', '=', onboarding?.workflow_id ?? '0')
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ record_id: String(record?.id), field_tag: SUPPLIER_RECORD_FIELD });
    const related = await admin.get(RECORD_PATHS.relatedWorkflows('supplier', record?.id ?? 0));
    expect(related.statusCode).toBe(200);
    expect(RelatedWorkflowsPageSchema.parse(related.json()).results.map((w) => String(w.id))).toContain(
      onboarding?.workflow_id,
    );
  });
});
