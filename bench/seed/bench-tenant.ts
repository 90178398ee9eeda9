import { PERMISSION_CODENAMES } from '@attest/shared';
import { RISK_ASSESSMENT_DEFINITION, SUPPLIER_ONBOARDING_DEFINITION } from '@attest/shared/testing';
import type { Db } from '../../apps/server/src/db/database.js';
import { createTenant } from '../../apps/server/src/db/seed/create-tenant.js';
import { DEMO_WORKFLOW_GROUPS } from '../../apps/server/src/db/seed/demo-workflows.js';
import { currentKind } from '../../apps/server/src/modules/workflows/create-workflow.service.js';
import { publishDefinition } from '../../apps/server/src/modules/workflows/publish-definition.js';
import { withTenant } from '../../apps/server/src/platform/tenant-transaction.js';
import { BENCH_PASSWORD, BENCH_TENANT_SLUG, BENCH_USER_EMAIL } from '../bench-database.js';

// The places of a global company; the first regions carry most of the volume (bench-clone.ts).
const REGIONS = [
  { name: 'Europe', businessUnits: ['Procurement EU', 'Finance EU', 'Operations EU', 'IT EU'] },
  { name: 'North America', businessUnits: ['Procurement NA', 'Finance NA', 'Legal NA'] },
  { name: 'Asia Pacific', businessUnits: ['Operations APAC', 'Procurement APAC'] },
  { name: 'Latin America', businessUnits: ['Procurement LATAM'] },
  { name: 'Middle East and Africa', businessUnits: ['Operations MEA'] },
];

const FIRST = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eva', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jia'];
const LAST = ['Ahmed', 'Berg', 'Costa', 'Dubois'];
// Forty colleagues, each in one of the teams the definition assigns steps to.
const COLLEAGUES = FIRST.flatMap((first, i) =>
  LAST.map((last, j) => ({
    email: `${first
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.${last.toLowerCase()}@bench1m.test`,
    password: BENCH_PASSWORD,
    first_name: first,
    last_name: last,
    groups: [DEMO_WORKFLOW_GROUPS[(i + j) % DEMO_WORKFLOW_GROUPS.length]?.name ?? 'Procurement'],
  })),
);

export type BenchTenant = {
  tenantId: string;
  userId: string;
  people: string[];
  onboarding: Awaited<ReturnType<typeof currentKind>>;
  riskAssessment: Awaited<ReturnType<typeof currentKind>>;
};

// One tenant: regions and business units, the definition's teams with their permissions, the
// benchmark's user (every permission, full access to every region, member of Compliance so 'my
// tasks' has work) and forty colleagues; Risk Assessment then Supplier Onboarding published.
export async function createBenchTenant(adminDb: Db): Promise<BenchTenant> {
  const created = await createTenant(adminDb, {
    slug: BENCH_TENANT_SLUG,
    name: 'Bench 1M',
    regions: REGIONS,
    groups: [{ name: 'Administrators', permissions: PERMISSION_CODENAMES }, ...DEMO_WORKFLOW_GROUPS],
    users: [
      {
        email: BENCH_USER_EMAIL,
        password: BENCH_PASSWORD,
        first_name: 'Bench',
        last_name: 'User',
        groups: ['Administrators', 'Compliance'],
      },
      ...COLLEAGUES,
    ],
  });
  const tenantId = created.id;
  const userId = created.userIds[BENCH_USER_EMAIL] ?? '';
  return withTenant(adminDb, tenantId, async (tx) => {
    const regions = await tx.selectFrom('regions').select('id').where('tenant_id', '=', tenantId).execute();
    await tx
      .insertInto('user_region_access')
      .values(
        regions.map((r) => ({
          tenant_id: tenantId,
          user_id: userId,
          region_id: r.id,
          access: 'full' as const,
        })),
      )
      .execute();
    for (const definition of [RISK_ASSESSMENT_DEFINITION, SUPPLIER_ONBOARDING_DEFINITION]) {
      await publishDefinition(tx, tenantId, { definition, publishedBy: userId });
    }
    return {
      tenantId,
      userId,
      people: Object.values(created.userIds),
      onboarding: await currentKind(tx, tenantId, { tag: SUPPLIER_ONBOARDING_DEFINITION.kind.tag }),
      riskAssessment: await currentKind(tx, tenantId, { tag: RISK_ASSESSMENT_DEFINITION.kind.tag }),
    };
  });
}
