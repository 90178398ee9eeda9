import {
  PREFERENCE_MESSAGES,
  PREFERENCE_PATHS,
  PREFERENCES_PER_KIND_MAX,
  PreferenceSchema,
  PreferencesPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  grantRegion,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// A report of the tenant, written as the reports module stores it.
async function insertReport(tenantId: string, name = 'By status') {
  const row = await adminDb
    .insertInto('reports')
    .values({
      tenant_id: tenantId,
      dashboard_id: null,
      name,
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      config: JSON.stringify({ report_kind: 'workflow', chart_type: 'BAR_CHART' }),
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// A vendor check in Asia, which only the admin (granted Asia for the occasion) can see.
async function asiaWorkflow(t: WorkflowTestTenant) {
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const admin = await t.signedIn('admin');
  const created = await admin.post('/api/v1/workflows/', {
    kind_id: t.kinds.vendor,
    name: 'Tokyo check',
    region_id: t.ids.region('Asia'),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

const pin = (workflowId: number, name = 'Pinned') => ({
  kind: 'pinned_workflows',
  name,
  value: { workflow_id: workflowId },
});
const favourite = (reportId: number, name = 'Favourite') => ({
  kind: 'favorite_reports',
  name,
  value: { report_id: reportId },
});

function expectNotFound(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
}

const savedFilter = (name: string, query = 'status__in=1&page=1') => ({
  kind: 'saved_filters',
  name,
  value: { query },
});

async function save(client: TestClient, body: object) {
  return client.post(PREFERENCE_PATHS.preferences, body);
}

async function list(client: TestClient, kind = 'saved_filters') {
  const response = await client.get(`${PREFERENCE_PATHS.preferences}?kind=${kind}`);
  expect(response.statusCode).toBe(200);
  return PreferencesPageSchema.parse(response.json());
}

describe('user-preferences/', () => {
  it('saves, lists newest first and deletes a saved filter', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const first = await save(client, savedFilter('Open in Europe'));
    expect(first.statusCode).toBe(201);
    const created = PreferenceSchema.parse(first.json());
    expect(created).toMatchObject({
      kind: 'saved_filters',
      name: 'Open in Europe',
      value: { query: 'status__in=1&page=1' },
    });
    await save(client, savedFilter('Mine', 'filter_by_group=me'));
    const page = await list(client);
    expect(page.results.map((p) => p.name)).toEqual(['Mine', 'Open in Europe']);
    expect(page.count).toBe(2);
    expect((await list(client, 'pinned_workflows')).count).toBe(0);

    const deleted = await client.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(created.id) });
    expect(deleted.statusCode).toBe(204);
    expect((await list(client)).results.map((p) => p.name)).toEqual(['Mine']);
  });

  it("never shows or deletes another user's preference (404)", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const owner = await t.signedIn('member');
    const mine = PreferenceSchema.parse((await save(owner, savedFilter('Private'))).json());
    const other = await t.signedIn('admin');
    expect((await list(other)).count).toBe(0);
    const refused = await other.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(mine.id) });
    expect(refused.statusCode).toBe(404);
    expect((await list(owner)).count).toBe(1);
  });

  it("never reaches another tenant's preference", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('member');
    const theirs = PreferenceSchema.parse((await save(outsider, savedFilter('Theirs'))).json());
    const client = await t.signedIn('member');
    expect((await list(client)).count).toBe(0);
    const refused = await client.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(theirs.id) });
    expect(refused.statusCode).toBe(404);
    expect((await list(outsider)).count).toBe(1);
  });

  it('bounds names, values, duplicates and the number kept', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    await grant(adminDb, t.id, t.users.member, ['can_view_process_report']);
    const reportId = await insertReport(t.id);
    expect((await save(client, savedFilter('x'.repeat(101)))).statusCode).toBe(400);
    expect((await save(client, savedFilter('   '))).statusCode).toBe(400);
    expect((await save(client, { kind: 'saved_filters', name: 'Bad', value: { other: 1 } })).statusCode).toBe(
      400,
    );
    expect((await save(client, { kind: 'nonsense', name: 'Bad', value: {} })).statusCode).toBe(400);
    expect((await save(client, { ...savedFilter('Extra'), user_id: 1 })).statusCode).toBe(400);
    expect(
      (await save(client, { kind: 'pinned_workflows', name: 'Pin', value: { workflow_id: 0 } })).statusCode,
    ).toBe(400);

    expect((await save(client, savedFilter('Same'))).statusCode).toBe(201);
    const duplicate = await save(client, savedFilter('same'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe(PREFERENCE_MESSAGES.duplicateName);

    for (let i = 1; i < PREFERENCES_PER_KIND_MAX; i += 1) {
      expect((await save(client, savedFilter(`Filter ${i}`))).statusCode).toBe(201);
    }
    const over = await save(client, savedFilter('One too many'));
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(PREFERENCE_MESSAGES.limitReached);
    // The bound is per kind.
    expect(
      (await save(client, { kind: 'favorite_reports', name: 'Fav', value: { report_id: reportId } }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses anyone signed out and writes without the CSRF token', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    expect(
      (await client.post(PREFERENCE_PATHS.preferences, savedFilter('No token'), { csrf: false })).statusCode,
    ).toBe(403);
    await client.get('/api/v1/users/logout/');
    const anonymous = await client.get(`${PREFERENCE_PATHS.preferences}?kind=saved_filters`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('pinned workflows and favourite reports point only at what the user may see', () => {
  it("answers 404 for another tenant's report, a report the user may not view and one that does not exist", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const theirs = await insertReport(foreign.id, 'Theirs');
    const ours = await insertReport(t.id, 'Ours');

    expectNotFound(await save(admin, favourite(theirs)));
    expectNotFound(await save(admin, favourite(2 ** 52)));
    // The member lacks 'Can view process report': GET reports/{id}/ refuses them, so does this.
    const member = await t.signedIn('member');
    expectNotFound(await save(member, favourite(ours)));

    const kept = await save(admin, favourite(ours));
    expect(kept.statusCode).toBe(201);
    expect(PreferenceSchema.parse(kept.json()).value).toEqual({ report_id: ours });
    expect((await list(member, 'favorite_reports')).count).toBe(0);
    expect((await list(admin, 'favorite_reports')).results.map((p) => p.value)).toEqual([
      { report_id: ours },
    ]);
  });

  it("answers 404 for a workflow in a hidden region, another tenant's and one that does not exist", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const tokyo = await asiaWorkflow(t);
    const elsewhere = await createVendorCheck(foreign, await foreign.signedIn('admin'), 'Foreign check');
    // The member has Europe only: Asia's workflow does not exist for them.
    const member = await t.signedIn('member');
    expectNotFound(await save(member, pin(tokyo)));
    expectNotFound(await save(member, pin(elsewhere)));
    expectNotFound(await save(member, pin(2 ** 52)));
    expect((await list(member, 'pinned_workflows')).count).toBe(0);

    const paris = await createVendorCheck(t, member, 'Paris check');
    const kept = await save(member, pin(paris));
    expect(kept.statusCode).toBe(201);
    expect((await list(member, 'pinned_workflows')).results.map((p) => p.value)).toEqual([
      { workflow_id: paris },
    ]);
  });

  it('stops listing a pinned workflow or favourite report once the user may no longer see it', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const tokyo = await asiaWorkflow(t);
    const paris = await createVendorCheck(t, admin, 'Paris check');
    const report = await insertReport(t.id);
    for (const body of [pin(tokyo, 'Tokyo'), pin(paris, 'Paris'), favourite(report)]) {
      expect((await save(admin, body)).statusCode).toBe(201);
    }
    expect((await list(admin, 'pinned_workflows')).count).toBe(2);

    // The admin loses Asia, then the report permission (their Admins group loses it).
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.admin))
      .where('region_id', '=', String(t.ids.region('Asia')))
      .execute();
    const pinned = await list(admin, 'pinned_workflows');
    expect(pinned.results.map((p) => p.name)).toEqual(['Paris']);
    expect(pinned.count).toBe(1);

    await adminDb
      .deleteFrom('group_permissions')
      .where('tenant_id', '=', t.id)
      .where('codename', '=', 'can_view_process_report')
      .execute();
    const again = await t.signedIn('admin');
    expect((await list(again, 'favorite_reports')).count).toBe(0);
  });
});
