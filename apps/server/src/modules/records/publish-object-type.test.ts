import { OBJECT_TYPE_PUBLISH_MESSAGES, STUDIO_MESSAGES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, createTestTenant } from '../../test/test-app.js';
import { publishedObjectTypeTags, publishObjectType } from './publish-object-type.js';

// publishObjectType (plan §2), called as a Production deployment calls it: in the tenant's transaction.
const { db, adminDb } = await createTestApp();

const NAME = { tag: 'name', type: 'char_field', label: 'Name', required: true };
const VAT = { tag: 'vat_number', type: 'char_field', label: 'VAT number' };
const supplier = (fields: object[] = [NAME, VAT], extra: object = {}) => ({
  tag: 'supplier',
  name: 'Supplier',
  fields,
  title_field: 'name',
  ...extra,
});

function publish(tenantId: string, definition: unknown) {
  return withTenant(db, tenantId, (tx) =>
    publishObjectType(tx, tenantId, { definition, publishedBy: null, deploymentId: null }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

function typeOf(tenantId: string) {
  return adminDb
    .selectFrom('object_types')
    .select(['id', 'name', 'current_version_id', 'has_region', 'has_business_unit'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

function versionsOf(tenantId: string) {
  return adminDb
    .selectFrom('object_type_versions')
    .select(['id', 'version'])
    .where('tenant_id', '=', tenantId)
    .orderBy('version')
    .execute();
}

function addRecord(
  tenantId: string,
  type: { id: string; current_version_id: string | null },
  data: object,
  archived = false,
) {
  return adminDb
    .insertInto('records')
    .values({
      tenant_id: tenantId,
      object_type_id: type.id,
      version_id: String(type.current_version_id),
      title: 'Acme Ltd',
      data: JSON.stringify(data),
      archived_at: archived ? new Date() : null,
    })
    .execute();
}

describe('publishObjectType', () => {
  it('creates the type with version 1, then numbers the next versions and moves the current one', async () => {
    const tenant = await createTestTenant(adminDb);
    const first = await publish(tenant.id, supplier());
    expect(first.version).toBe(1);
    expect(await typeOf(tenant.id)).toMatchObject({ name: 'Supplier', current_version_id: first.versionId });

    const second = await publish(tenant.id, supplier([NAME, VAT], { name: 'Vendor', has_region: true }));
    expect(second).toMatchObject({ objectTypeId: first.objectTypeId, version: 2 });
    expect(await typeOf(tenant.id)).toMatchObject({
      name: 'Vendor',
      current_version_id: second.versionId,
      has_region: true,
      has_business_unit: false,
    });
  });

  it('refuses dropping a field records hold values for, archived ones too; a JSON null is no value', async () => {
    const tenant = await createTestTenant(adminDb);
    await publish(tenant.id, supplier());
    const type = await typeOf(tenant.id);
    await addRecord(tenant.id, type, { name: 'Acme Ltd', vat_number: null });
    // Only nulls: the field may go.
    const withoutVat = await publish(tenant.id, supplier([NAME]));
    expect(withoutVat.version).toBe(2);

    const back = await publish(tenant.id, supplier());
    const current = await typeOf(tenant.id);
    await addRecord(tenant.id, current, { name: 'Acme Ltd', vat_number: 'GB1' });
    await addRecord(tenant.id, current, { name: 'Beta plc', vat_number: 'GB2' }, true);
    const error = await refusal(publish(tenant.id, supplier([NAME])));
    const message = OBJECT_TYPE_PUBLISH_MESSAGES.fieldHoldsValues('VAT number', 2);
    expect(error).toMatchObject({
      statusCode: 400,
      message,
      fieldErrors: { 'fields.vat_number': [message] },
    });
    expect(message).toBe(
      "The field 'VAT number' holds values in 2 records: keep it, or clear those values before removing it.",
    );
    // The transaction rolled back: no version 4, version 3 still current.
    expect((await versionsOf(tenant.id)).map((v) => v.version)).toEqual([1, 2, 3]);
    expect(await typeOf(tenant.id)).toMatchObject({ current_version_id: back.versionId });
  });

  it('refuses a unique key whose values clash; otherwise fills its keys for the records there, and drops a removed one', async () => {
    const tenant = await createTestTenant(adminDb);
    const COUNTRY = { tag: 'country', type: 'country_single_select', label: 'Country' };
    await publish(tenant.id, supplier([NAME, VAT, COUNTRY]));
    const type = await typeOf(tenant.id);
    await addRecord(tenant.id, type, { name: 'Acme Ltd', vat_number: ' GB1 ', country: 'GB' });
    await addRecord(tenant.id, type, { name: 'Acme UK', vat_number: 'gb1', country: 'GB' });
    await addRecord(tenant.id, type, { name: 'Beta plc', vat_number: 'FR9', country: 'FR' });
    await addRecord(tenant.id, type, { name: 'No VAT', country: 'FR' });

    const clashing = await refusal(
      publish(tenant.id, supplier([NAME, VAT, COUNTRY], { unique_keys: [['vat_number']] })),
    );
    const message = OBJECT_TYPE_PUBLISH_MESSAGES.keyClashes('VAT number', 2);
    expect(clashing).toMatchObject({ statusCode: 400, message, fieldErrors: { 'unique_keys.0': [message] } });
    expect((await versionsOf(tenant.id)).map((v) => v.version)).toEqual([1]);

    // Name and country never clash: the key is enforced for the four records at once.
    await publish(tenant.id, supplier([NAME, VAT, COUNTRY], { unique_keys: [['name', 'country']] }));
    const keys = () =>
      adminDb
        .selectFrom('record_keys')
        .select(['key_name', 'key_value'])
        .where('tenant_id', '=', tenant.id)
        .orderBy('key_value')
        .execute();
    expect(await keys()).toEqual([
      { key_name: 'name+country', key_value: 'acme ltd\u001fgb' },
      { key_name: 'name+country', key_value: 'acme uk\u001fgb' },
      { key_name: 'name+country', key_value: 'beta plc\u001ffr' },
      { key_name: 'name+country', key_value: 'no vat\u001ffr' },
    ]);
    // Without the key, its rows go.
    await publish(tenant.id, supplier([NAME, VAT, COUNTRY]));
    expect(await keys()).toEqual([]);
  });

  it('refuses an invalid definition with its issues under their paths', async () => {
    const tenant = await createTestTenant(adminDb);
    const error = await refusal(publish(tenant.id, supplier([NAME], { title_field: 'nope' })));
    expect(error).toMatchObject({ statusCode: 400, message: STUDIO_MESSAGES.invalidObjectType });
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['title_field']);
    expect(await versionsOf(tenant.id)).toEqual([]);
  });

  it("names the published types of the caller's tenant only", async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    await publish(a.id, supplier());
    const tags = (tenantId: string) =>
      withTenant(db, tenantId, (tx) => publishedObjectTypeTags(tx, ['supplier', 'carrier']));
    expect(await tags(a.id)).toEqual(['supplier']);
    expect(await tags(b.id)).toEqual([]);
    // B publishing its own supplier makes another type, numbered from 1.
    expect((await publish(b.id, supplier())).version).toBe(1);
  });
});
