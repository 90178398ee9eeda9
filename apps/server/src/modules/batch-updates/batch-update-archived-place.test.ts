import {
  BATCH_UPDATE_ERROR_CODES,
  BATCH_UPDATE_MESSAGES,
  BATCH_UPDATE_PATHS,
  BatchUpdateItemsPageSchema,
  BatchUpdateSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchUpdateRunner } from './update-runner.js';

// Issue 19: an archived region or business unit takes nothing new in, a batch update neither. Refused
// when the update is made, and per row when the place is archived between the preview and the apply.
const { app, adminDb, db } = await createTestApp();
const runner = createBatchUpdateRunner({ db, jobs: null, batchSize: 2 });

async function tenantWithChecks(n: number) {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const admin = await t.signedIn('admin');
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await createVendorCheck(t, admin, `Check ${i + 1}`));
  return { t, admin, ids };
}

// Straight in the database: the places admin refuses to archive a place someone has a grant on.
async function archive(adminDb: Db, table: 'regions' | 'business_units', id: number) {
  await adminDb.updateTable(table).set({ archived_at: new Date() }).where('id', '=', String(id)).execute();
}

function create(client: TestClient, changes: object) {
  return client.post(BATCH_UPDATE_PATHS.updates, { target: 'workflows', selection: { query: '' }, changes });
}

describe('a batch update and archived places', () => {
  it('is refused at once, with the place named, when the region or unit is archived', async () => {
    const { t, admin } = await tenantWithChecks(1);
    await archive(adminDb, 'regions', t.ids.region('Asia'));
    const region = await create(admin, { region_id: t.ids.region('Asia') });
    expect(region.statusCode).toBe(400);
    expect(region.json()).toMatchObject({
      code: BATCH_UPDATE_ERROR_CODES.placeArchived,
      detail: BATCH_UPDATE_MESSAGES.regionArchived('Asia'),
      errors: { region_id: [BATCH_UPDATE_MESSAGES.regionArchived('Asia')] },
    });

    await archive(adminDb, 'business_units', t.ids.unit('Berlin'));
    const unit = await create(admin, {
      region_id: t.ids.region('Europe'),
      business_unit_id: t.ids.unit('Berlin'),
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.json()).toMatchObject({
      code: BATCH_UPDATE_ERROR_CODES.placeArchived,
      detail: BATCH_UPDATE_MESSAGES.businessUnitArchived('Berlin'),
    });
    // Nothing was made.
    expect((await admin.get(BATCH_UPDATE_PATHS.updates)).json().count).toBe(0);
  });

  it('refuses each row when the region is archived after the preview, and moves nothing', async () => {
    const { t, admin, ids } = await tenantWithChecks(3);
    const created = await create(admin, { region_id: t.ids.region('Asia') });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = BatchUpdateSchema.parse(created.json());
    expect(await runner.run(t.id, String(id))).toBe('finished');

    await archive(adminDb, 'regions', t.ids.region('Asia'));
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');

    const finished = BatchUpdateSchema.parse((await admin.get(BATCH_UPDATE_PATHS.update(id))).json());
    expect(finished).toMatchObject({ state: 'finished', changed: 0, skipped: 3 });
    const rows = BatchUpdateItemsPageSchema.parse(
      (await admin.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200`)).json(),
    ).results;
    expect(rows.map((row) => [row.target_id, row.outcome, row.message])).toEqual(
      [...ids]
        .sort((a, b) => a - b)
        .map((target) => [target, 'refused', BATCH_UPDATE_MESSAGES.regionArchived('Asia')]),
    );
    const list = (await admin.get(`${WORKFLOW_PATHS.workflows}?region__in=${t.ids.region('Europe')}`)).json();
    expect(list.count).toBe(3);
  });

  it('refuses each row moving into a unit archived after the preview', async () => {
    const { t, admin, ids } = await tenantWithChecks(2);
    const created = await create(admin, {
      region_id: t.ids.region('Europe'),
      business_unit_id: t.ids.unit('Berlin'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = BatchUpdateSchema.parse(created.json());
    expect(await runner.run(t.id, String(id))).toBe('finished');
    await archive(adminDb, 'business_units', t.ids.unit('Berlin'));
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    const rows = BatchUpdateItemsPageSchema.parse(
      (await admin.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200`)).json(),
    ).results;
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        outcome: 'refused',
        message: BATCH_UPDATE_MESSAGES.businessUnitArchived('Berlin'),
      });
    }
  });
});
