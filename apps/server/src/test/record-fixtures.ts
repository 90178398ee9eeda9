import {
  type ObjectTypeDefinitionInput,
  ObjectTypeDefinitionSchema,
  type PermissionCodename,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { grant, idsOf, userId } from './admin-fixtures.js';
import { createTestTenant, TestClient } from './test-app.js';
import { grantRegion } from './workflow-fixtures.js';

// Object types written straight into object_types / object_type_versions, as a Production deployment
// leaves them (the studio's publishObjectType is tested on its own): the records tests need a
// published type, not a deployment.

// A supplier: a required name (the title), a unique VAT number, a country, an e-mail, a headcount.
export function supplierType(overrides: Partial<ObjectTypeDefinitionInput> = {}): ObjectTypeDefinitionInput {
  return {
    tag: 'supplier',
    name: 'Supplier',
    fields: [
      { tag: 'name', type: 'char_field', label: 'Name', required: true },
      { tag: 'vat_number', type: 'char_field', label: 'VAT number' },
      { tag: 'country', type: 'country_single_select', label: 'Country' },
      { tag: 'contact_email', type: 'email', label: 'Contact e-mail' },
      { tag: 'employees', type: 'integer', label: 'Employees' },
    ],
    title_field: 'name',
    unique_keys: [['vat_number']],
    list_columns: ['vat_number', 'country'],
    ...overrides,
  };
}

export async function publishObjectTypeRow(
  adminDb: Db,
  tenantId: string,
  input: ObjectTypeDefinitionInput,
): Promise<{ objectTypeId: string; versionId: string }> {
  const definition = ObjectTypeDefinitionSchema.parse(input);
  const type = await adminDb
    .insertInto('object_types')
    .values({
      tenant_id: tenantId,
      tag: definition.tag,
      name: definition.name,
      has_region: definition.has_region,
      has_business_unit: definition.has_business_unit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await adminDb
    .insertInto('object_type_versions')
    .values({
      tenant_id: tenantId,
      object_type_id: type.id,
      version: 1,
      definition: JSON.stringify(definition),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await adminDb
    .updateTable('object_types')
    .set({ current_version_id: version.id })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', type.id)
    .execute();
  return { objectTypeId: type.id, versionId: version.id };
}

const RECORD_PERMISSIONS: PermissionCodename[] = [
  'can_view_records',
  'can_add_record',
  'can_change_record',
  'can_delete_record',
];

// A tenant with regions Europe (Paris, Berlin) and Asia (Tokyo), a supplier type without places and a
// 'site' type by region. admin: every record permission and full access to Europe and Asia; member:
// every record permission and full access to Europe only; supplier: no permission at all.
export async function recordsTestTenant(app: FastifyInstance, adminDb: Db) {
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
  await grant(adminDb, tenant.id, admin, RECORD_PERMISSIONS);
  await grant(adminDb, tenant.id, member, RECORD_PERMISSIONS);
  await grantRegion(adminDb, tenant.id, admin, ids.region('Europe'), 'full');
  await grantRegion(adminDb, tenant.id, admin, ids.region('Asia'), 'full');
  await grantRegion(adminDb, tenant.id, member, ids.region('Europe'), 'full');
  const supplier = await publishObjectTypeRow(adminDb, tenant.id, supplierType());
  const site = await publishObjectTypeRow(
    adminDb,
    tenant.id,
    supplierType({ tag: 'site', name: 'Site', unique_keys: [], has_region: true, has_business_unit: true }),
  );
  const signedIn = async (who: 'admin' | 'member' | 'supplier') => {
    const client = TestClient.forTenant(app, tenant.slug);
    const response = await client.signIn(email(who));
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return client;
  };
  return { ...tenant, ids, users: { admin, member }, types: { supplier, site }, signedIn, email };
}

export type RecordsTestTenant = Awaited<ReturnType<typeof recordsTestTenant>>;

// The rows a record change writes, to show that a refused one wrote none.
export async function recordRowCounts(adminDb: Db, tenantId: string) {
  const count = async (table: 'records' | 'record_values' | 'record_keys' | 'record_activity') => {
    const row = await adminDb
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    records: await count('records'),
    record_values: await count('record_values'),
    record_keys: await count('record_keys'),
    record_activity: await count('record_activity'),
  };
}

// The smallest live workflow, named `name`, linked to nothing yet: a kind, a published definition,
// a status, and a region (a new one unless `regionId` is given), written as the migrating role.
export async function workflowRow(
  adminDb: Db,
  tenantId: string,
  { name = 'Onboarding Acme Ltd', regionId }: { name?: string; regionId?: string } = {},
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    with k as (insert into workflow_kinds (tenant_id, tag, name)
        values (${tenantId}, ${`kind_${Math.random().toString(36).slice(2, 8)}`}, 'Onboarding') returning tenant_id, id),
      d as (insert into workflow_definitions (tenant_id, kind_id, version, definition)
        select tenant_id, id, 1, '{}' from k returning tenant_id, kind_id, id),
      s as (insert into workflow_statuses (tenant_id, kind_id, tag, display_name, color_code)
        select tenant_id, kind_id, 'open', 'Open', '#000000' from d returning tenant_id, id),
      r as (insert into regions (tenant_id, name)
        select ${tenantId}, ${`Region ${Math.random()}`} where ${regionId ?? null}::bigint is null returning id)
    insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id)
    select d.tenant_id, d.kind_id, d.id, ${name}, s.id, coalesce(${regionId ?? null}::bigint, (select id from r))
    from d, s
    returning id`.execute(adminDb);
  const [workflow] = rows;
  if (!workflow) throw new Error('no workflow');
  return workflow.id;
}
