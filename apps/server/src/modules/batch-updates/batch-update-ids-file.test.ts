import {
  BATCH_UPDATE_ITEM_MESSAGES,
  BATCH_UPDATE_MESSAGES,
  BATCH_UPDATE_PATHS,
  BatchUpdateItemsPageSchema,
  FILE_READER_ERROR_CODES,
  IdsFileSchema,
  RECORD_PATHS,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { recordsTestTenant } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchUpdateRunner } from './update-runner.js';

// A selection by a file of ids (issue 18, plan §5): read by the batch imports' file reader; an id that
// names nothing the person can see is an item that fails with a message, never changed.
const { app, adminDb, db } = await createTestApp();
const runner = createBatchUpdateRunner({ db, jobs: null });

function upload(client: TestClient, body: string | Buffer, name = 'ids.csv') {
  return client.request({
    method: 'POST',
    url: BATCH_UPDATE_PATHS.idsFile,
    payload: body,
    headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent(name) },
  });
}

async function uploaded(client: TestClient, body: string) {
  const response = await upload(client, body);
  expect(response.statusCode, response.body).toBe(201);
  return IdsFileSchema.parse(response.json());
}

async function outcomes(client: TestClient, id: number) {
  const page = BatchUpdateItemsPageSchema.parse(
    (await client.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200`)).json(),
  );
  return page.results.map((i) => ({ id: i.target_id, name: i.name, outcome: i.outcome, message: i.message }));
}

describe('a file of ids', () => {
  it('selects records; ids of none, of a record the person cannot see, or of another type fail and stay as they are', async () => {
    const t = await recordsTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const site = async (name: string, region: string) =>
      (
        await admin.post(RECORD_PATHS.records('site'), {
          values: { name, employees: 1 },
          region_id: t.ids.region(region),
        })
      ).json().id as number;
    const paris = await site('Paris site', 'Europe');
    const berlin = await site('Berlin site', 'Europe');
    const tokyo = await site('Tokyo site', 'Asia');
    const supplier = (
      await admin.post(RECORD_PATHS.records('supplier'), { values: { name: 'Acme Ltd', vat_number: 'GB1' } })
    ).json().id as number;

    // A header, blank lines, a repeated id and spaces are all fine.
    const file = await uploaded(
      member,
      `Site ID\n${paris}\n\n ${berlin} \n${paris}\n${tokyo}\n${supplier}\n99999999\n`,
    );
    expect(file.count).toBe(5);
    const created = await member.post(BATCH_UPDATE_PATHS.updates, {
      target: 'records',
      object_type: 'site',
      selection: { ids_file: file.ids_file },
      changes: { answers: { employees: 7 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().total).toBe(5);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    const notFound = BATCH_UPDATE_ITEM_MESSAGES.recordNotFound;
    // The Tokyo site is named to no one who cannot see it.
    expect(await outcomes(member, id)).toEqual(
      [
        { id: paris, name: 'Paris site', outcome: 'pending', message: null },
        { id: berlin, name: 'Berlin site', outcome: 'pending', message: null },
        { id: tokyo, name: '', outcome: 'failed', message: notFound },
        { id: supplier, name: '', outcome: 'failed', message: notFound },
        { id: 99999999, name: '', outcome: 'failed', message: notFound },
      ].sort((a, b) => a.id - b.id),
    );
    expect((await member.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect((await member.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({
      changed: 2,
      failed: 3,
    });
    expect((await admin.get(RECORD_PATHS.record('site', paris))).json().values.employees).toBe(7);
    expect((await admin.get(RECORD_PATHS.record('site', tokyo))).json().values.employees).toBe(1);
  });

  it("selects workflows; another tenant's id fails with the message", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const other = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
    await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
    const admin = await t.signedIn('admin');
    const mine = await createVendorCheck(t, admin, 'Mine');
    const theirs = await createVendorCheck(other, await other.signedIn('admin'), 'Theirs');
    const file = await uploaded(admin, `${mine}\n${theirs}\n`);
    const created = await admin.post(BATCH_UPDATE_PATHS.updates, {
      target: 'workflows',
      selection: { ids_file: file.ids_file },
      changes: { region_id: t.ids.region('Asia') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect(await outcomes(admin, id)).toEqual([
      { id: mine, name: 'Mine', outcome: 'pending', message: null },
      { id: theirs, name: '', outcome: 'failed', message: BATCH_UPDATE_ITEM_MESSAGES.workflowNotFound },
    ]);
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect((await admin.get(WORKFLOW_PATHS.workflow(mine))).json().region.id).toBe(t.ids.region('Asia'));

    // Another tenant cannot use the file.
    const otherAdmin = await other.signedIn('admin');
    await grant(adminDb, other.id, other.users.admin, ['can_perform_batch_import']);
    const stolen = await otherAdmin.post(BATCH_UPDATE_PATHS.updates, {
      target: 'workflows',
      selection: { ids_file: file.ids_file },
      changes: { region_id: other.ids.region('Europe') },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().detail).toBe(BATCH_UPDATE_MESSAGES.idsFileGone);
  });

  it('refuses a line that is not an id, too many ids, and a hostile file, with their reasons', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
    const admin = await t.signedIn('admin');

    const text = await upload(admin, 'id\n12\nabc\n14\n');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 'batch_update_ids_file_invalid',
      detail: BATCH_UPDATE_MESSAGES.idsFileInvalid(3),
    });
    const two = await upload(admin, '12,13\n');
    expect(two.json().detail).toBe(BATCH_UPDATE_MESSAGES.idsFileInvalid(1));

    const many = Array.from({ length: 100_001 }, (_, i) => i + 1).join('\n');
    const tooMany = await upload(admin, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(BATCH_UPDATE_MESSAGES.idsFileTooLarge(100_000));
    // Exactly 100,000, with a header, is taken.
    const most = await upload(admin, `id\n${Array.from({ length: 100_000 }, (_, i) => i + 1).join('\n')}`);
    expect(most.statusCode, most.body).toBe(201);
    expect(most.json().count).toBe(100_000);

    const latin1 = await upload(admin, Buffer.from('id\n12\n\xe9\n', 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().code).toBe(FILE_READER_ERROR_CODES.notUtf8);
    const large = await upload(admin, `${'1\n'.repeat(3 * 1024 * 1024)}`);
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe(FILE_READER_ERROR_CODES.fileTooLarge);
    const empty = await upload(admin, '');
    expect(empty.statusCode).toBe(400);
    // A header alone, or a body that is no list of ids, selects nothing: refused, not an empty update.
    for (const body of ['Workflow ID\n', '{"__proto__": {"polluted": true}}']) {
      const none = await upload(admin, body);
      expect(none.statusCode, body).toBe(400);
      expect(none.json()).toMatchObject({
        code: 'batch_update_ids_file_empty',
        detail: BATCH_UPDATE_MESSAGES.idsFileEmpty,
      });
    }
  });

  it('answers 403 without the permission', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    expect((await upload(admin, '1\n')).statusCode).toBe(403);
  });
});
