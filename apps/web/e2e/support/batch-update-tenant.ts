import { PERMISSION_CODENAMES, type WorkflowDefinition } from '@attest/shared';
import { afterAll, inject } from 'vitest';
import { createDb } from '../../../server/src/db/database.js';
import { createWorkflows, publishDefinition } from '../../../server/src/modules/workflows/index.js';
import { withTenant } from '../../../server/src/platform/tenant-transaction.js';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant } from './tenants.js';

// The batch update journey's tenant (batch-update.e2e.ts): an administrator with full access to
// two regions, 200 site audits in Europe (Procurement EU) and 15 site visits beside them, so the
// dashboard's kind filter selects exactly the 200. Its own tenant: the journey moves them all, and
// the demo tenants other journeys count on stay as they are.

export const BATCH_ADMIN = { email: 'bea@batch.test', first_name: 'Bea', last_name: 'Batch' } as const;
export const AUDITS = 200;
export const PLACES = {
  from: { region: 'Europe', unit: 'Procurement EU' },
  to: { region: 'North America', unit: 'Procurement NA' },
} as const;
export const KINDS = { audit: 'Site Audit', visit: 'Site Visit' } as const;

function siteKind(tag: string, name: string): WorkflowDefinition {
  return {
    schema_version: 1,
    version: 1,
    kind: { tag, name },
    statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
    initial_status: 'open',
    step_groups: [
      {
        tag: `${tag}__visit`,
        name: 'Visit',
        steps: [
          {
            tag: `${tag}__visit__report`,
            name: 'Report',
            fields: [
              { tag: `${tag}__visit__report__site`, type: 'char_field', label: 'Site', required: true },
            ],
          },
        ],
      },
    ],
  };
}

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// Fixture, not journey: the kinds are published and the workflows written through the workflow
// engine's own seed path (publishDefinition, createWorkflows), as the demo seed does; the grants
// are written straight into the database, like the tenant itself.
export async function createBatchUpdateTenant(): Promise<string> {
  const slug = await createE2eTenant({
    regions: [
      { name: PLACES.from.region, businessUnits: [PLACES.from.unit] },
      { name: PLACES.to.region, businessUnits: [PLACES.to.unit] },
    ],
    groups: [{ name: 'Administrators', permissions: PERMISSION_CODENAMES }],
    users: [{ ...BATCH_ADMIN, password: DEMO_PASSWORD, groups: ['Administrators'] }],
  });
  const tenant = await adminDb
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  const user = await adminDb
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('email', '=', BATCH_ADMIN.email)
    .executeTakeFirstOrThrow();
  const regions = await adminDb
    .selectFrom('regions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .execute();
  await adminDb
    .insertInto('user_region_access')
    .values(
      regions.map((r) => ({
        tenant_id: tenantId,
        user_id: user.id,
        region_id: r.id,
        access: 'full' as const,
      })),
    )
    .execute();
  const europe = await adminDb
    .selectFrom('business_units as b')
    .innerJoin('regions as r', 'r.id', 'b.region_id')
    .select(['b.id as unitId', 'r.id as regionId'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.name', '=', PLACES.from.unit)
    .executeTakeFirstOrThrow();

  await withTenant(adminDb, tenantId, async (tx) => {
    const make = async (tag: string, name: string, count: number) => {
      const definition = siteKind(tag, name);
      const published = await publishDefinition(tx, tenantId, { definition, publishedBy: user.id });
      const kind = { id: published.kindId, definitionId: published.definitionId, definition };
      await createWorkflows(
        tx,
        tenantId,
        Array.from({ length: count }, (_, i) => ({
          kind,
          name: `${name} ${String(i + 1).padStart(3, '0')}`,
          regionId: europe.regionId,
          businessUnitId: europe.unitId,
          createdBy: user.id,
          answers: { [`${tag}__visit__report__site`]: `Site ${i + 1}` },
        })),
      );
    };
    await make('site_audit', KINDS.audit, AUDITS);
    await make('site_visit', KINDS.visit, 15);
  });
  return slug;
}
