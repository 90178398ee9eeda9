import {
  type ObjectTypeDefinitionInput,
  REPORT_API_MESSAGES,
  REPORT_PATHS,
  type ReportConfigInput,
  ReportConfigSchema,
  ReportResultSchema,
} from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../platform/errors.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { grant, userId } from '../../../test/admin-fixtures.js';
import {
  publishObjectTypeRow,
  type RecordsTestTenant,
  recordsTestTenant,
  supplierType,
  workflowRow,
} from '../../../test/record-fixtures.js';
import { createTestApp } from '../../../test/test-app.js';
import { runReport } from './run-report.js';

// Object Reports (issue 18, plan §6) on the real database: the records of one object type, counted
// and summed by their fields, seen by the records' place rule, never another tenant's, with the
// workflows linked to them.
const { app, db, adminDb } = await createTestApp();

// A vendor: by region, a tier (a choice) and a yearly spend (a number).
const vendorType = (): ObjectTypeDefinitionInput =>
  supplierType({
    tag: 'vendor',
    name: 'Vendor',
    fields: [
      { tag: 'name', type: 'char_field', label: 'Name', required: true },
      {
        tag: 'tier',
        type: 'single_select',
        label: 'Tier',
        options: [
          { value: 'gold', label: 'Gold' },
          { value: 'silver', label: 'Silver' },
        ],
      },
      { tag: 'spend', type: 'integer', label: 'Spend' },
      {
        tag: 'labels',
        type: 'multi_select',
        label: 'Labels',
        options: [
          { value: 'eco', label: 'Eco' },
          { value: 'local', label: 'Local' },
        ],
      },
    ],
    title_field: 'name',
    unique_keys: [],
    list_columns: ['tier'],
    has_region: true,
  });

type Vendor = {
  name: string;
  region: 'Europe' | 'Asia';
  tier: string | null;
  spend: number;
  labels?: string[];
  archived?: true;
};

// A record as the records service leaves it: the row with its data, and record_values as
// answerSearchColumns fills them (a choice's value as text, a number as number and text).
async function addVendor(
  tenant: RecordsTestTenant,
  type: { objectTypeId: string; versionId: string },
  vendor: Vendor,
): Promise<string> {
  const data: Record<string, unknown> = { name: vendor.name, spend: vendor.spend };
  if (vendor.tier) data.tier = vendor.tier;
  if (vendor.labels) data.labels = vendor.labels;
  const row = await adminDb
    .insertInto('records')
    .values({
      tenant_id: tenant.id,
      object_type_id: type.objectTypeId,
      version_id: type.versionId,
      title: vendor.name,
      data: JSON.stringify(data),
      region_id: String(tenant.ids.region(vendor.region)),
      created_by: String(tenant.users.admin),
      archived_at: vendor.archived ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const values = [
    { field_tag: 'name', text_value: vendor.name, number_value: null },
    { field_tag: 'spend', text_value: String(vendor.spend), number_value: vendor.spend },
    ...(vendor.tier ? [{ field_tag: 'tier', text_value: vendor.tier, number_value: null }] : []),
  ];
  await adminDb
    .insertInto('record_values')
    .values(
      values.map((v) => ({
        ...v,
        tenant_id: tenant.id,
        object_type_id: type.objectTypeId,
        record_id: row.id,
        date_value: null,
      })),
    )
    .execute();
  return row.id;
}

let t: RecordsTestTenant;
let other: RecordsTestTenant;
let vendor: { objectTypeId: string; versionId: string };
const ids = new Map<string, string>();

beforeAll(async () => {
  [t, other] = await Promise.all([recordsTestTenant(app, adminDb), recordsTestTenant(app, adminDb)]);
  vendor = await publishObjectTypeRow(adminDb, t.id, vendorType());
  const vendors: Vendor[] = [
    { name: 'Acme', region: 'Europe', tier: 'gold', spend: 100, labels: ['eco', 'local'] },
    { name: 'Brill', region: 'Europe', tier: 'gold', spend: 50, labels: ['eco'] },
    { name: 'Corto', region: 'Europe', tier: 'silver', spend: 30 },
    { name: 'Dune', region: 'Europe', tier: null, spend: 5 },
    // Asia: the member has no grant there.
    { name: 'Edo', region: 'Asia', tier: 'gold', spend: 1000 },
    // Archived: in no report.
    { name: 'Faro', region: 'Europe', tier: 'gold', spend: 7, archived: true },
  ];
  for (const v of vendors) ids.set(v.name, await addVendor(t, vendor, v));
  // Another tenant's vendor of the same shape; its type id is not this tenant's.
  const theirs = await publishObjectTypeRow(adminDb, other.id, vendorType());
  await addVendor(other, theirs, { name: 'Gala', region: 'Europe', tier: 'gold', spend: 999 });
  ids.set('other-type', theirs.objectTypeId);
});

async function run(input: ReportConfigInput, who: 'admin' | 'member' = 'member', tenant = () => t) {
  const config = ReportConfigSchema.parse({ report_kind: 'object', ...input });
  const target = tenant();
  const result = await withTenant(db, target.id, (tx) =>
    runReport(tx, target.id, { userId: String(target.users[who]) }, config, { limit: 100, offset: 0 }),
  );
  return ReportResultSchema.parse(result);
}

async function failure(input: ReportConfigInput): Promise<AppError> {
  try {
    await run(input);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('The report ran.');
}

const byTierWithSpend = (objectTypeId: string): ReportConfigInput => ({
  object_type_id: Number(objectTypeId),
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'record_field__tier' }],
  operations: [
    { function: 'count' },
    { function: 'sum', arguments: [{ type: 'column', value: 'record_field__spend' }] },
  ],
});

describe('Object Report (issue 18, plan §6)', () => {
  it('counts the vendors by a choice field and sums a number field, as computed by hand', async () => {
    const result = await run(byTierWithSpend(vendor.objectTypeId));
    // The member sees Europe only: Acme + Brill gold (150), Corto silver (30), Dune without a tier
    // (5); Edo (Asia) and Faro (archived) are not counted.
    expect(result.results).toEqual([
      ['Tier', 'Count', 'Sum of Spend'],
      ['gold', 2, 150],
      ['silver', 1, 30],
      [null, 1, 5],
    ]);
    expect(result.count).toBe(3);
  });

  it('counts a record in a region the viewer has a grant on only', async () => {
    const admin = await run(byTierWithSpend(vendor.objectTypeId), 'admin');
    // The admin also has Asia: Edo joins gold.
    expect(admin.results.slice(1)).toEqual([
      ['gold', 3, 1150],
      ['silver', 1, 30],
      [null, 1, 5],
    ]);
  });

  it("never reads another tenant's records: its object type is not found", async () => {
    const error = await failure(byTierWithSpend(ids.get('other-type') as string));
    expect(error.statusCode).toBe(404);
    // The other tenant's own report sees its own vendor only.
    const theirs = await run(byTierWithSpend(ids.get('other-type') as string), 'admin', () => other);
    expect(theirs.results.slice(1)).toEqual([['gold', 1, 999]]);
  });

  it('shows a choice by its option label, lists record columns, and filters by record fields', async () => {
    const labelled = await run({
      object_type_id: Number(vendor.objectTypeId),
      group_by: [{ source: 'record_field__tier', extra_json: { label_output_type: 'label' } }],
    });
    expect(labelled.results.slice(1)).toEqual([
      ['Gold', 2],
      ['Silver', 1],
      [null, 1],
    ]);
    const table = await run({
      object_type_id: Number(vendor.objectTypeId),
      attributes: [
        { value: 'record__title' },
        { value: 'record__region_name' },
        { value: 'record__created_by_email' },
        { value: 'record_field__spend' },
      ],
      filters: {
        type: 'AND',
        conditions: [{ lhs_source: 'record_field__spend', data_type: 'integer', op: 'gte', rhs_value: 30 }],
      },
    });
    expect(table.results).toEqual([
      ['Title', 'Region', 'Created by (e-mail)', 'Spend'],
      ['Acme', 'Europe', t.email('admin'), 100],
      ['Brill', 'Europe', t.email('admin'), 50],
      ['Corto', 'Europe', t.email('admin'), 30],
    ]);
  });

  it('groups by an attribute of the linked workflows, the viewer seeing only those they may', async () => {
    // Onboarding (Europe) names Acme twice (two fields) and Brill: once per record. Audit
    // (Asia, where the member has no grant and the admin has) names Corto.
    const onboarding = await workflowRow(adminDb, t.id, {
      name: 'Onboarding',
      regionId: String(t.ids.region('Europe')),
    });
    const audit = await workflowRow(adminDb, t.id, { name: 'Audit', regionId: String(t.ids.region('Asia')) });
    const links = [
      [onboarding, 'vendor', 'Acme'],
      [onboarding, 'backup_vendor', 'Acme'],
      [onboarding, 'second_vendor', 'Brill'],
      [audit, 'vendor', 'Corto'],
    ] as const;
    await adminDb
      .insertInto('workflow_record_links')
      .values(
        links.map(([workflowId, fieldTag, name]) => ({
          tenant_id: t.id,
          workflow_id: workflowId,
          field_tag: fieldTag,
          record_id: ids.get(name) as string,
        })),
      )
      .execute();
    const config = {
      object_type_id: Number(vendor.objectTypeId),
      group_by: [{ source: 'linked_workflow__name' }],
      operations: [
        { function: 'count' as const },
        { function: 'sum' as const, arguments: [{ type: 'column' as const, value: 'record_field__spend' }] },
      ],
    };
    const member = await run(config);
    expect(member.results).toEqual([
      ['Linked workflow: Name', 'Count', 'Sum of Spend'],
      ['Onboarding', 2, 150],
      // Corto's only link is a workflow the member cannot see; Dune has none.
      [null, 2, 35],
    ]);
    const admin = await run(config, 'admin');
    expect(admin.results.slice(1)).toEqual([
      ['Audit', 1, 30],
      ['Onboarding', 2, 150],
      [null, 2, 1005],
    ]);
  });

  it('groups a list field by item: a record counts once in each of its items', async () => {
    const result = await run({
      object_type_id: Number(vendor.objectTypeId),
      group_by: [{ source: 'record_field__labels' }],
      operations: [{ function: 'sum', arguments: [{ type: 'column', value: 'record_field__spend' }] }],
    });
    expect(result.results).toEqual([
      ['Labels', 'Sum of Spend'],
      ['eco', 150],
      ['local', 100],
      [null, 35],
    ]);
  });

  it('refuses what an Object Report cannot read, with the engine codes', async () => {
    expect((await failure({})).code).toBe('report_needs_object_type');
    const id = Number(vendor.objectTypeId);
    const cases: [ReportConfigInput, string][] = [
      [{ object_type_id: id, attributes: [{ value: 'workflow__name' }] }, 'report_source_not_in_kind'],
      [{ object_type_id: id, attributes: [{ value: 'record_field__nope' }] }, 'report_unknown_field'],
      [
        {
          object_type_id: id,
          filters: {
            type: 'AND',
            conditions: [{ lhs_source: 'workflow__name', data_type: 'text', op: 'eq', rhs_value: 'x' }],
          },
        },
        'invalid_filter',
      ],
      // import_pipeline_* needs the tenant's ENABLE_STRUCTURED_DATA_OBJECT, off here.
      [
        { object_type_id: id, attributes: [{ value: 'linked_workflow__import_pipeline_name' }] },
        'report_source_not_in_kind',
      ],
    ];
    for (const [input, code] of cases) expect((await failure(input)).code, JSON.stringify(input)).toBe(code);
    // A workflow report never reads records.
    const error = await failure({ report_kind: 'workflow', attributes: [{ value: 'record__title' }] });
    expect(error.code).toBe('report_source_not_in_kind');
  });

  it('is run through the routes only by people who may view records', async () => {
    const config = { report_kind: 'object', ...byTierWithSpend(vendor.objectTypeId) };
    // The supplier may view reports but not records.
    await grant(adminDb, t.id, userId(t, t.email('supplier')), ['can_view_process_report']);
    const supplier = await t.signedIn('supplier');
    const refused = await supplier.post(REPORT_PATHS.preview, { config });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'report_needs_records',
      detail: REPORT_API_MESSAGES.objectReportNeedsRecords,
    });
    await grant(adminDb, t.id, t.users.member, ['can_view_process_report']);
    const member = await t.signedIn('member');
    const allowed = await member.post(REPORT_PATHS.preview, { config });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(ReportResultSchema.parse(allowed.json()).results[1]).toEqual(['gold', 2, 150]);
  });
});
