import { HOME_PATHS, HomeSchema, HomeWorkflowsPageSchema } from '@attest/shared';
import { SUPPLIER_ONBOARDING_STEPS } from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { seedDemoHome } from './demo-home.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, adminDb } = await createTestApp();

describe('seedDemoHome', () => {
  it("gives the demo tenant's home page a create and a navigate shortcut that the server accepts", async () => {
    const base = await createTestTenant(adminDb, { users: [] });
    const slug = `${base.slug}-h`;
    const tenant = await createTestTenant(adminDb, {
      slug,
      regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
      groups: [{ name: 'Analysts', permissions: ['can_view_dashboard'] }],
      users: [
        {
          email: `analyst@${slug}.test`,
          password: TEST_PASSWORD,
          first_name: 'A',
          last_name: 'D',
          groups: ['Analysts'],
        },
      ],
    });
    await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${slug}.test`, perKind: 0 });
    await seedDemoHome(adminDb, tenant.id);
    const analyst = TestClient.forTenant(app, slug);
    await analyst.signIn(`analyst@${slug}.test`);
    const home = HomeSchema.parse((await analyst.get(HOME_PATHS.home)).json());
    expect(home.shortcuts.map((s) => [s.use_case, s.step_tag])).toEqual([
      ['create_new_workflow', SUPPLIER_ONBOARDING_STEPS.RISK],
      ['navigate_to_parent_step', SUPPLIER_ONBOARDING_STEPS.DECISION],
    ]);
    expect(home.shortcuts[0]?.creation_kind?.tag).toBe('risk_assessment');
    expect(home.create_new_message).toContain('Supplier Onboarding');
    const parents = await analyst.get(HOME_PATHS.shortcutParents(0));
    expect(parents.statusCode).toBe(200);
    HomeWorkflowsPageSchema.parse(parents.json());
  });
});
