import { WORKFLOW_PATHS, WorkflowDetailSchema, WorkflowKindsPageSchema } from '@attest/shared';
import { DEMO_WORKFLOW_DEFINITIONS } from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, adminDb } = await createTestApp();

async function demoLikeTenant() {
  const base = await createTestTenant(adminDb, { users: [] });
  const slug = `${base.slug}-d`;
  const person = (who: string, groups: string[]) => ({
    email: `${who}@${slug}.test`,
    password: TEST_PASSWORD,
    first_name: who,
    last_name: 'Demo',
    groups,
  });
  const tenant = await createTestTenant(adminDb, {
    slug,
    regions: [
      { name: 'Europe', businessUnits: ['Procurement EU'] },
      { name: 'North America', businessUnits: ['Procurement NA'] },
      { name: 'Asia Pacific', businessUnits: ['Operations APAC'] },
    ],
    groups: [
      { name: 'Administrators', permissions: ['can_view_dashboard'] },
      { name: 'Analysts', permissions: ['can_view_dashboard'] },
    ],
    users: [person('admin', ['Administrators']), person('analyst', ['Analysts']), person('supplier', [])],
  });
  return { ...tenant, slug };
}

describe('demo workflow setup', () => {
  it('publishes the demo kinds, sets up teams and access, and seeds workflows once', async () => {
    const tenant = await demoLikeTenant();
    expect(
      await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${tenant.slug}.test`, perKind: 4 }),
    ).toBe(true);
    expect(
      await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${tenant.slug}.test`, perKind: 4 }),
    ).toBe(false);

    // The seed runs as the tables' owner, past row-level security: a second tenant is set up on its own.
    const second = await demoLikeTenant();
    const domain = `${second.slug}.test`;
    expect(await seedDemoWorkflowSetup(adminDb, second.id, { domain, perKind: 1 })).toBe(true);
    const secondKinds = await adminDb
      .selectFrom('workflow_kinds')
      .select('id')
      .where('tenant_id', '=', second.id)
      .execute();
    expect(secondKinds).toHaveLength(DEMO_WORKFLOW_DEFINITIONS.length);

    const workflows = await adminDb
      .selectFrom('workflows')
      .select(['id', 'region_id', 'parent_id', 'progress'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    // Risk assessments twice over (half of them the supplier onboardings' children), then the others.
    expect(workflows).toHaveLength(4 * 2 + 4 + 4);
    const groups = await adminDb
      .selectFrom('groups')
      .select('name')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining([
        'Procurement',
        'Compliance',
        'Third-Party Risk',
        'Information Security',
        'Risk Committee',
        'Legal',
      ]),
    );

    const analyst = TestClient.forTenant(app, tenant.slug);
    await analyst.signIn(`analyst@${tenant.slug}.test`);
    const kinds = WorkflowKindsPageSchema.parse(
      (await analyst.get(`${WORKFLOW_PATHS.kinds}?limit=200`)).json(),
    );
    expect(kinds.results.map((k) => k.tag).sort()).toEqual(
      DEMO_WORKFLOW_DEFINITIONS.map((d) => d.kind.tag).sort(),
    );
    const regions = await adminDb
      .selectFrom('regions')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    const asia = regions.find((r) => r.name === 'Asia Pacific')?.id;
    for (const workflow of workflows) {
      const response = await analyst.get(WORKFLOW_PATHS.workflow(Number(workflow.id)));
      expect(response.statusCode).toBe(workflow.region_id === asia ? 404 : 200);
      if (response.statusCode === 200) WorkflowDetailSchema.parse(response.json());
    }
    // Spread over stages of progress, and onboardings past their risk step have children.
    expect(new Set(workflows.map((w) => w.progress)).size).toBeGreaterThan(2);
    const children = workflows.filter((w) => w.parent_id !== null);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) {
      expect(child.region_id).toBe(workflows.find((w) => w.id === child.parent_id)?.region_id);
    }
  });
});
