import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { temporaryFilesDir } from '../../test/attachment-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD } from '../../test/test-app.js';
import { seedDemoPortfolio } from './demo-portfolio-seed.js';
import { seedDemoRecords } from './demo-records.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { adminDb, db, services } = await createTestApp({ FILES_DIR: temporaryFilesDir() });

// The server seeds the demo tenants before it answers /api/health/: the records step, at the demo's
// full portfolio, must stay within seconds. Its onboardings' answers once went in 500 at a time,
// and workflow_responses' rollup trigger took minutes over each such statement on a fresh tenant.
describe('demo records seed at server start', { timeout: 120_000 }, () => {
  it("answers every onboarding's supplier_record field within seconds at the demo's size", async () => {
    const slug = `t-recs-${randomUUID().slice(0, 8)}`;
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
    await seedDemoPortfolio(adminDb, tenant.id, { files: services.files, domain });
    const started = Date.now();
    const created = await seedDemoRecords(db, tenant.id, `admin@${domain}`);
    const took = Date.now() - started;
    expect(created).toBeGreaterThan(100);
    expect(took).toBeLessThan(20_000);
  });
});
