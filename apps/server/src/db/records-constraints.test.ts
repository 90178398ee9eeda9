import { PREFERENCE_KINDS } from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../platform/tenant-transaction.js';
import { workflowRow } from '../test/record-fixtures.js';
import { createTestApp, createTestTenant } from '../test/test-app.js';
import type { Db } from './database.js';

const { db, adminDb } = await createTestApp();

// The guarantees of migrations 0034-0036 that the records and import services rely on, checked on the
// tables themselves: the database refuses what a read-then-write could let through.

// An object type with one published version and a record of it, written as the migrating role.
async function recordFixture(tenantId: string, title = 'Acme Ltd') {
  const type = await adminDb
    .insertInto('object_types')
    .values({
      tenant_id: tenantId,
      tag: `supplier_${Math.random().toString(36).slice(2, 8)}`,
      name: 'Supplier',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await adminDb
    .insertInto('object_type_versions')
    .values({ tenant_id: tenantId, object_type_id: type.id, version: 1, definition: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const record = await adminDb
    .insertInto('records')
    .values({ tenant_id: tenantId, object_type_id: type.id, version_id: version.id, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { objectTypeId: type.id, versionId: version.id, recordId: record.id };
}

async function importFixture(database: Db, tenantId: string, objectTypeId: string) {
  return database
    .insertInto('batch_imports')
    .values({
      tenant_id: tenantId,
      target: 'records',
      object_type_id: objectTypeId,
      file_name: 'suppliers.csv',
      format: 'csv',
      storage_key: 'imports/suppliers.csv',
      size_bytes: 120,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('records tables (migrations 0034-0036)', () => {
  it('refuses a second record for the same import row: the import is idempotent by (import, row)', async () => {
    const tenant = await createTestTenant(adminDb);
    const { objectTypeId, versionId } = await recordFixture(tenant.id);
    const batch = await importFixture(adminDb, tenant.id, objectTypeId);
    const row = {
      tenant_id: tenant.id,
      object_type_id: objectTypeId,
      version_id: versionId,
      title: 'Imported Ltd',
      import_id: batch.id,
      import_row: 7,
    };
    await adminDb.insertInto('records').values(row).execute();
    await expect(adminDb.insertInto('records').values(row).execute()).rejects.toThrow(
      /records_import_row_idx/,
    );
    await expect(
      adminDb
        .insertInto('records')
        .values({ ...row, import_row: null })
        .execute(),
    ).rejects.toThrow(/records_import_row_check/);
  });

  it('refuses a second record with the same unique key value', async () => {
    const tenant = await createTestTenant(adminDb);
    const first = await recordFixture(tenant.id);
    const second = await adminDb
      .insertInto('records')
      .values({
        tenant_id: tenant.id,
        object_type_id: first.objectTypeId,
        version_id: first.versionId,
        title: 'Acme',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = {
      tenant_id: tenant.id,
      object_type_id: first.objectTypeId,
      key_name: 'vat_number',
      key_value: 'gb123',
    };
    await adminDb
      .insertInto('record_keys')
      .values({ ...key, record_id: first.recordId })
      .execute();
    await expect(
      adminDb
        .insertInto('record_keys')
        .values({ ...key, record_id: second.id })
        .execute(),
    ).rejects.toThrow(/record_keys_pkey/);
  });

  it('refuses to delete a record a workflow links to, and deletes it once the link is gone', async () => {
    const tenant = await createTestTenant(adminDb);
    const { recordId } = await recordFixture(tenant.id);
    const workflowId = await workflowRow(adminDb, tenant.id);
    await adminDb
      .insertInto('workflow_record_links')
      .values({
        tenant_id: tenant.id,
        workflow_id: workflowId,
        field_tag: 'supplier_record',
        record_id: recordId,
      })
      .execute();

    const deleteRecord = () =>
      adminDb.deleteFrom('records').where('tenant_id', '=', tenant.id).where('id', '=', recordId).execute();
    await expect(deleteRecord()).rejects.toThrow(/workflow_record_links/);
    const kept = await adminDb.selectFrom('records').select('id').where('id', '=', recordId).execute();
    expect(kept).toHaveLength(1);

    await adminDb.deleteFrom('workflow_record_links').where('workflow_id', '=', workflowId).execute();
    await deleteRecord();
    const gone = await adminDb.selectFrom('records').select('id').where('id', '=', recordId).execute();
    expect(gone).toEqual([]);
  });

  it('keeps every preference kind the shared model names, a saved records view among them', async () => {
    const tenant = await createTestTenant(adminDb);
    const userId = Object.values(tenant.userIds)[0] as string;
    for (const kind of PREFERENCE_KINDS) {
      await adminDb
        .insertInto('user_preferences')
        .values({ tenant_id: tenant.id, user_id: userId, kind, name: `A ${kind}`, value: '{}' })
        .execute();
    }
    const kept = await adminDb
      .selectFrom('user_preferences')
      .select('kind')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(kept.map((row) => row.kind).sort()).toEqual([...PREFERENCE_KINDS].sort());
  });

  it('keeps a thread on exactly one of a workflow and a record', async () => {
    const tenant = await createTestTenant(adminDb);
    const { recordId } = await recordFixture(tenant.id);
    const workflowId = await workflowRow(adminDb, tenant.id);
    await expect(
      adminDb
        .insertInto('threads')
        .values({ tenant_id: tenant.id, workflow_id: workflowId, record_id: recordId })
        .execute(),
    ).rejects.toThrow(/threads_one_target/);
    await adminDb.insertInto('threads').values({ tenant_id: tenant.id, record_id: recordId }).execute();
    await expect(
      adminDb.insertInto('threads').values({ tenant_id: tenant.id, record_id: recordId }).execute(),
    ).rejects.toThrow(/threads_record_key/);
  });

  it('shows a tenant only its own records, values, keys, imports and updates under row-level security', async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    const { objectTypeId, recordId } = await recordFixture(a.id);
    await adminDb
      .insertInto('record_values')
      .values({
        tenant_id: a.id,
        object_type_id: objectTypeId,
        record_id: recordId,
        field_tag: 'name',
        text_value: 'acme ltd',
      })
      .execute();
    await importFixture(adminDb, a.id, objectTypeId);

    // No where clause on purpose: only the policy stands between tenant B and A's rows.
    const countAs = (tenantId: string) =>
      withTenant(db, tenantId, async (tx) => ({
        records: (await tx.selectFrom('records').select('id').execute()).length,
        values: (await tx.selectFrom('record_values').select('record_id').execute()).length,
        types: (await tx.selectFrom('object_types').select('id').execute()).length,
        imports: (await tx.selectFrom('batch_imports').select('id').execute()).length,
      }));
    expect(await countAs(a.id)).toEqual({ records: 1, values: 1, types: 1, imports: 1 });
    expect(await countAs(b.id)).toEqual({ records: 0, values: 0, types: 0, imports: 0 });

    const smuggled = withTenant(db, b.id, (tx) =>
      tx
        .insertInto('records')
        .values({ tenant_id: a.id, object_type_id: objectTypeId, version_id: '1', title: 'Smuggled' })
        .execute(),
    );
    await expect(smuggled).rejects.toThrow(/row-level security/);
    const renamed = await withTenant(db, b.id, (tx) =>
      tx.updateTable('records').set({ title: 'Hacked' }).where('id', '=', recordId).executeTakeFirst(),
    );
    expect(renamed.numUpdatedRows).toBe(0n);
  });

  it('finds record titles through search_record_titles for the calling tenant only', async () => {
    const a = await createTestTenant(adminDb);
    const b = await createTestTenant(adminDb);
    const { objectTypeId, recordId } = await recordFixture(a.id, 'Northwind 100% Traders');
    const search = (tenantId: string, phrase: string) =>
      withTenant(db, tenantId, async (tx) => {
        const { rows } = await sql<{ id: string }>`
          select id from search_record_titles(${phrase}, ${objectTypeId}) as id`.execute(tx);
        return rows.map((r) => r.id);
      });
    expect(await search(a.id, 'wind 100%')).toEqual([recordId]);
    // % is a plain character, not a wildcard.
    expect(await search(a.id, 'wind%traders')).toEqual([]);
    expect(await search(b.id, 'wind 100%')).toEqual([]);
  });
});
