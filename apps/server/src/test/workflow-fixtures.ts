import type { WorkflowDefinition } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { AccessLevel } from '../db/schema.js';
import { publishDefinition } from '../modules/workflows/index.js';
import { withTenant } from '../platform/tenant-transaction.js';
import { grant, idsOf, userId } from './admin-fixtures.js';
import { createTestTenant, TestClient } from './test-app.js';

// Small definitions for the API tests: a vendor check with two steps, an alert rule and a child field,
// and the child kind it starts.
export const VC = {
  intake: 'vendor_check__intake__details',
  review: 'vendor_check__review__decision',
  name: 'vendor_check__intake__details__name',
  spend: 'vendor_check__intake__details__spend',
  country: 'vendor_check__intake__details__country',
  notes: 'vendor_check__intake__details__notes',
  decision: 'vendor_check__review__decision__decision',
  subChecks: 'vendor_check__review__decision__sub_checks',
} as const;

export const SUB_CHECK_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'sub_check', name: 'Sub-check' },
  statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
  initial_status: 'open',
  step_groups: [
    {
      tag: 'sub_check__main',
      name: 'Main',
      steps: [
        {
          tag: 'sub_check__main__check',
          name: 'Check',
          fields: [{ tag: 'sub_check__main__check__result', type: 'text', label: 'Result' }],
        },
      ],
    },
  ],
};

export const VENDOR_CHECK_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'vendor_check', name: 'Vendor Check', icon: 'building' },
  statuses: [
    { tag: 'draft', display_name: 'Draft', color_code: '#868e96' },
    { tag: 'in_review', display_name: 'In Review', color_code: '#1c7ed6' },
    { tag: 'done', display_name: 'Done', color_code: '#2f9e44' },
  ],
  initial_status: 'draft',
  step_groups: [
    {
      tag: 'vendor_check__intake',
      name: 'Intake',
      steps: [
        {
          tag: VC.intake,
          name: 'Details',
          assignees: { group_names: ['Admins', 'Nobody'], user_emails: ['unknown@nowhere.test'] },
          sla_hours: 24,
          on_submit: { set_status: 'in_review' },
          fields: [
            { tag: VC.name, type: 'char_field', label: 'Vendor name', required: true },
            { tag: VC.spend, type: 'integer', label: 'Annual spend', validation: { min: 0 } },
            { tag: VC.country, type: 'country_single_select', label: 'Country' },
            { tag: VC.notes, type: 'text', label: 'Notes' },
          ],
        },
      ],
    },
    {
      tag: 'vendor_check__review',
      name: 'Review',
      steps: [
        {
          tag: VC.review,
          name: 'Decision',
          on_submit: { set_status: 'done' },
          fields: [
            {
              tag: VC.decision,
              type: 'radio',
              label: 'Decision',
              required: true,
              options: [
                { value: 'approve', label: 'Approve' },
                { value: 'reject', label: 'Reject' },
              ],
            },
            { tag: VC.subChecks, type: 'child_workflow', label: 'Sub-checks', child_kind_tag: 'sub_check' },
          ],
        },
      ],
    },
  ],
  alert_rules: [
    {
      tag: 'big_spend',
      when: { field: VC.spend, op: 'gte', value: 1000 },
      cat_color_label: 'R',
      alert_tag: 'material_spend',
      field: VC.spend,
    },
  ],
};

export async function publishAll(adminDb: Db, tenantId: string, definitions: readonly unknown[]) {
  const published = [];
  for (const definition of definitions) {
    published.push(
      await withTenant(adminDb, tenantId, (tx) =>
        publishDefinition(tx, tenantId, { definition, publishedBy: null }),
      ),
    );
  }
  return published;
}

export async function grantRegion(
  adminDb: Db,
  tenantId: string,
  user: number,
  regionId: number,
  access: AccessLevel,
) {
  await adminDb
    .insertInto('user_region_access')
    .values({ tenant_id: tenantId, user_id: String(user), region_id: String(regionId), access })
    .execute();
}

// A tenant with regions Europe (Paris, Berlin) and Asia (Tokyo) and the two test kinds published.
// admin: full access to Europe and every workflow permission; member: full access to Europe and no
// workflow permission; reader: read access to Europe; supplier: no access at all.
export async function workflowTestTenant(app: FastifyInstance, adminDb: Db) {
  const tenant = await createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
    ],
  });
  const ids = await idsOf(adminDb, tenant.id);
  const email = (who: string) => `${who}@${tenant.slug}.test`;
  const admin = userId(tenant, email('admin'));
  const member = userId(tenant, email('member'));
  const supplier = userId(tenant, email('supplier'));
  await grant(adminDb, tenant.id, admin, [
    'can_submit_step',
    'can_undo_step',
    'can_archive_workflow',
    'can_view_activity_log',
    'can_view_progress_map',
  ]);
  await grantRegion(adminDb, tenant.id, admin, ids.region('Europe'), 'full');
  await grantRegion(adminDb, tenant.id, member, ids.region('Europe'), 'full');
  const [sub, vendor] = await publishAll(adminDb, tenant.id, [SUB_CHECK_DEFINITION, VENDOR_CHECK_DEFINITION]);
  const signedIn = async (who: 'admin' | 'member' | 'supplier') => {
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email(who));
    return client;
  };
  return {
    ...tenant,
    ids,
    users: { admin, member, supplier },
    kinds: { sub: Number(sub?.kindId), vendor: Number(vendor?.kindId) },
    signedIn,
    email,
  };
}

export type WorkflowTestTenant = Awaited<ReturnType<typeof workflowTestTenant>>;

// Creates a vendor check in Europe/Paris as the given client and returns its id.
export async function createVendorCheck(t: WorkflowTestTenant, client: TestClient, name = 'Acme Ltd check') {
  const response = await client.post('/api/v1/workflows/', {
    kind_id: t.kinds.vendor,
    name,
    region_id: t.ids.region('Europe'),
    business_unit_id: t.ids.unit('Paris'),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().id as number;
}
