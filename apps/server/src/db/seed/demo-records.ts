import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_OBJECT_TYPE } from '@attest/shared/testing';
import { createSeedRecords } from '../../modules/records/index.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import type { Db } from '../database.js';

// The onboardings' data_object field that names their supplier record (plan §8 step 2; the field
// itself is not yet in the demo definition, the link is).
export const SUPPLIER_RECORD_FIELD = 'supplier_record';

type Onboarding = {
  workflow_id: string;
  region_id: string;
  field_tag: string;
  value: unknown;
};

type Supplier = { values: Record<string, unknown>; regionId: string; workflowIds: string[] };

const ANSWERED: Record<string, string> = {
  [F.supplierName]: 'name',
  [F.country]: 'country',
  [F.category]: 'category',
  [F.website]: 'website',
  [F.contactEmail]: 'contact_email',
};

// A VAT number of the supplier's country (its prefix) and its place in the list: unique and stable.
const vatNumber = (country: unknown, index: number) =>
  `${typeof country === 'string' ? country : 'EU'}${String(100_000_000 + index * 7_919).slice(-9)}`;

// The onboardings' suppliers as records (issue 18, plan §8 step 3): the Supplier type is deployed
// with the demo app (demo-workflows.ts); each distinct supplier named by an onboarding becomes one
// record in the onboarding's region, and every onboarding is linked to its supplier's record.
// Answers the number of records made (0 when the tenant has them already).
export async function seedDemoRecords(adminDb: Db, tenantId: string, adminEmail: string): Promise<number> {
  return withTenant(adminDb, tenantId, async (tx) => {
    const type = await tx
      .selectFrom('object_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('tag', '=', SUPPLIER_OBJECT_TYPE.tag)
      .executeTakeFirst();
    if (!type) return 0;
    const existing = await tx
      .selectFrom('records')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('object_type_id', '=', type.id)
      .limit(1)
      .executeTakeFirst();
    if (existing) return 0;
    const admin = await tx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', adminEmail)
      .executeTakeFirstOrThrow();
    const answers: Onboarding[] = await tx
      .selectFrom('workflows as w')
      .innerJoin('workflow_kinds as k', (join) =>
        join.onRef('k.tenant_id', '=', 'w.tenant_id').onRef('k.id', '=', 'w.kind_id'),
      )
      .innerJoin('workflow_responses as r', (join) =>
        join.onRef('r.tenant_id', '=', 'w.tenant_id').onRef('r.workflow_id', '=', 'w.id'),
      )
      .select(['w.id as workflow_id', 'w.region_id', 'r.field_tag', 'r.value'])
      .where('w.tenant_id', '=', tenantId)
      .where('k.tag', '=', 'supplier_onboarding')
      .where('r.is_current', '=', true)
      .where('r.field_tag', 'in', Object.keys(ANSWERED))
      .orderBy('w.id')
      .execute();

    const byWorkflow = new Map<string, { regionId: string; values: Record<string, unknown> }>();
    for (const answer of answers) {
      const entry = byWorkflow.get(answer.workflow_id) ?? { regionId: answer.region_id, values: {} };
      const tag = ANSWERED[answer.field_tag];
      if (tag && answer.value !== null && answer.value !== '') entry.values[tag] = answer.value;
      byWorkflow.set(answer.workflow_id, entry);
    }
    const suppliers = new Map<string, Supplier>();
    for (const [workflowId, { regionId, values }] of byWorkflow) {
      const name = values.name;
      if (typeof name !== 'string') continue;
      const known = suppliers.get(name);
      if (known) {
        known.workflowIds.push(workflowId);
        continue;
      }
      const vat_number = vatNumber(values.country, suppliers.size + 1);
      suppliers.set(name, { values: { ...values, vat_number }, regionId, workflowIds: [workflowId] });
    }
    const list = [...suppliers.values()];
    const ids = await createSeedRecords(tx, tenantId, {
      tag: SUPPLIER_OBJECT_TYPE.tag,
      userId: admin.id,
      records: list.map((s) => ({ values: s.values, regionId: s.regionId })),
    });
    const links = list.flatMap((supplier, index) =>
      supplier.workflowIds.map((workflowId) => ({
        tenant_id: tenantId,
        workflow_id: workflowId,
        field_tag: SUPPLIER_RECORD_FIELD,
        record_id: ids[index] as string,
      })),
    );
    for (let at = 0; at < links.length; at += 500) {
      await tx
        .insertInto('workflow_record_links')
        .values(links.slice(at, at + 500))
        .execute();
    }
    return ids.length;
  });
}
