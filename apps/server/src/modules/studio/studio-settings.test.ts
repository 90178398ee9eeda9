import {
  STUDIO_PATHS,
  STUDIO_SETTINGS_MESSAGES,
  STUDIO_SETTINGS_PATHS,
  StudioActivityPageSchema,
  StudioAppSettingsSchema,
  StudioAppsPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import {
  appWithSavepoint,
  deploy,
  expect400,
  mainBranch,
  newApp,
  put,
  studioTenant,
  version,
  versionReadyForTest,
} from '../../test/studio-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// An app's settings (issue 15): name, icon, description, archive, who may edit; the app list's
// cards and the activity log's filters. On the real Postgres.
const { app, adminDb, db } = await createTestApp();
const designerTenant = () => studioTenant(app, adminDb);

function patch(client: TestClient, appId: number, payload: object) {
  return client.request({ method: 'PATCH', url: STUDIO_SETTINGS_PATHS.app(appId), payload });
}

async function groupId(tenantId: string, name: string) {
  const row = await adminDb
    .selectFrom('groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('app settings', () => {
  it('changes the name, icon and description, each change an activity row; bad input is a 400', async () => {
    const { designer } = await designerTenant();
    const created = await newApp(designer, 'Vendors');
    const changed = await patch(designer, created.id, {
      name: '  Vendor risk ',
      icon: 'shield',
      description: 'All of it',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const settings = StudioAppSettingsSchema.parse(changed.json());
    expect(settings.app).toMatchObject({ name: 'Vendor risk', icon: 'shield', description: 'All of it' });
    expect(settings).toMatchObject({ editors: { users: [], groups: [] }, can_edit: true });
    expect(Date.parse(settings.app.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

    const refused: [object, string][] = [
      [{}, STUDIO_SETTINGS_MESSAGES.nothingToChange],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ icon: 'x'.repeat(101) }, 'icon'],
      [{ owner: 1 }, ''],
      [{ editors: { user_ids: Array.from({ length: 201 }, (_, i) => i + 1) } }, 'editors'],
    ];
    for (const [payload] of refused) {
      const response = await patch(designer, created.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patch(designer, created.id, {})).json().errors).toEqual({
      non_field_errors: [STUDIO_SETTINGS_MESSAGES.nothingToChange],
    });

    // Unchanged values write nothing; the icon can be cleared.
    expect((await patch(designer, created.id, { name: 'Vendor risk' })).statusCode).toBe(200);
    const cleared = StudioAppSettingsSchema.parse((await patch(designer, created.id, { icon: null })).json());
    expect(cleared.app.icon).toBeNull();
    const activity = StudioActivityPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.activity}?app_id=${created.id}&action=app_updated`)).json(),
    );
    expect(activity.results.map((r) => r.details.changed)).toEqual([
      { icon: { from: 'shield', to: null } },
      {
        name: { from: 'Vendors', to: 'Vendor risk' },
        icon: { from: null, to: 'shield' },
        description: { from: 'Vendors, end to end', to: 'All of it' },
      },
    ]);
  });

  it('names editors among the tenant people and groups only; an unknown id is a 400 on its field', async () => {
    const a = await designerTenant();
    const b = await designerTenant();
    const created = await newApp(a.designer);
    const members = await groupId(a.t.id, 'Members');
    const unknownUser = await patch(a.designer, created.id, {
      editors: { user_ids: [a.t.users.member, b.t.users.admin] },
    });
    expect400(unknownUser, STUDIO_SETTINGS_MESSAGES.unknownEditorUser);
    expect(unknownUser.json().errors).toEqual({
      'editors.user_ids.1': [STUDIO_SETTINGS_MESSAGES.unknownEditorUser],
    });
    const otherGroup = await groupId(b.t.id, 'Members');
    expect400(
      await patch(a.designer, created.id, { editors: { group_ids: [otherGroup] } }),
      STUDIO_SETTINGS_MESSAGES.unknownEditorGroup,
    );
    const set = await patch(a.designer, created.id, {
      editors: { user_ids: [a.t.users.admin, a.t.users.admin], group_ids: [members] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const settings = StudioAppSettingsSchema.parse(
      (await a.designer.get(STUDIO_SETTINGS_PATHS.settings(created.id))).json(),
    );
    expect(settings.editors).toEqual({
      users: [{ id: a.t.users.admin, name: 'Ada Admin', email: a.t.email('admin') }],
      groups: [{ id: members, name: 'Members' }],
    });
    // Nothing was written by the refused changes: one editors row in the activity.
    const log = StudioActivityPageSchema.parse(
      (await a.designer.get(`${STUDIO_PATHS.activity}?action=app_editors_changed`)).json(),
    );
    expect(log.results.map((r) => r.details)).toEqual([
      { user_ids: [a.t.users.admin], group_ids: [members] },
    ]);
  });
});

describe('who may edit', () => {
  it('refuses changes to a non-editor (403) while they still read the app; editors, their groups and tenant admins may', async () => {
    const { t, designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    await grant(adminDb, t.id, t.users.member, ['can_access_studio']);
    const outsider = await t.signedIn('member');
    const admins = await groupId(t.id, 'Admins');
    expect((await patch(designer, v.appId, { editors: { group_ids: [admins] } })).statusCode).toBe(200);

    // Reading stays open.
    expect((await outsider.get(STUDIO_PATHS.app(v.appId))).statusCode).toBe(200);
    expect((await outsider.get(STUDIO_PATHS.branch(v.appId, v.branchId))).statusCode).toBe(200);
    const seen = StudioAppSettingsSchema.parse(
      (await outsider.get(STUDIO_SETTINGS_PATHS.settings(v.appId))).json(),
    );
    expect(seen.can_edit).toBe(false);
    const main = await mainBranch(designer, v.appId);
    const changes: [string, string, object][] = [
      ['PATCH', STUDIO_SETTINGS_PATHS.app(v.appId), { name: 'Mine now' }],
      ['POST', STUDIO_PATHS.branches(v.appId), { name: 'mine' }],
      [
        'PUT',
        STUDIO_PATHS.workingCopy(v.appId, v.branchId),
        { revision: main.revision, package: { processes: [] } },
      ],
      ['POST', STUDIO_PATHS.savepoints(v.appId, v.branchId), { message: 'x' }],
      ['POST', STUDIO_PATHS.versions(v.appId), { savepoint_id: v.savepointId, increment: 'minor' }],
      ['POST', STUDIO_PATHS.versionStage(v.appId, v.versionId), { stage: 'ARCHIVE' }],
      ['POST', STUDIO_PATHS.versionDeployments(v.appId, v.versionId), { environment: 'QA' }],
      ['POST', STUDIO_SETTINGS_PATHS.branchWork(v.appId, v.branchId), { state: 'started' }],
    ];
    await grant(adminDb, t.id, t.users.member, ['can_deploy_qa']);
    const member = await t.signedIn('member');
    for (const [method, url, payload] of changes) {
      const response = await member.request({ method: method as 'POST', url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe(STUDIO_SETTINGS_MESSAGES.notAnEditor);
    }
    const untouched = await mainBranch(designer, v.appId);
    expect(untouched.revision).toBe(main.revision);

    // Through a group they are in: may.
    const members = await groupId(t.id, 'Members');
    await patch(designer, v.appId, { editors: { group_ids: [members, admins] } });
    expect((await member.post(STUDIO_PATHS.branches(v.appId), { name: 'mine' })).statusCode).toBe(201);
    // Named as a person: may.
    await patch(designer, v.appId, { editors: { user_ids: [t.users.member], group_ids: [admins] } });
    expect((await member.post(STUDIO_PATHS.branches(v.appId), { name: 'mine-1' })).statusCode).toBe(201);
    // A tenant administrator, on no list, may too.
    await patch(designer, v.appId, { editors: { user_ids: [t.users.admin] } });
    expect((await member.post(STUDIO_PATHS.branches(v.appId), { name: 'mine-2' })).statusCode).toBe(403);
    await grant(adminDb, t.id, t.users.member, ['can_access_admin_settings']);
    const tenantAdmin = await t.signedIn('member');
    expect((await tenantAdmin.post(STUDIO_PATHS.branches(v.appId), { name: 'mine-2' })).statusCode).toBe(201);
    // Emptying the list opens the app to every studio user again.
    await patch(designer, v.appId, { editors: { user_ids: [], group_ids: [] } });
    expect((await member.post(STUDIO_PATHS.branches(v.appId), { name: 'mine-3' })).statusCode).toBe(201);
  });
});

describe('archiving', () => {
  it('hides an archived app from the list unless asked for, and refuses new branches, versions and deployments', async () => {
    const { designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    const other = await newApp(designer, 'Zeta');
    const archived = StudioAppSettingsSchema.parse(
      (await patch(designer, v.appId, { archived: true })).json(),
    );
    expect(archived.app.archived_at).not.toBeNull();

    const names = async (query: string) =>
      StudioAppsPageSchema.parse((await designer.get(`${STUDIO_PATHS.apps}${query}`)).json()).results.map(
        (a) => a.id,
      );
    expect(await names('')).toEqual([other.id]);
    expect(await names('?archived=include')).toEqual([v.appId, other.id]);
    expect(await names('?archived=only')).toEqual([v.appId]);
    expect((await designer.get(`${STUDIO_PATHS.apps}?archived=maybe`)).statusCode).toBe(400);

    expect400(
      await designer.post(STUDIO_PATHS.branches(v.appId), { name: 'late' }),
      STUDIO_SETTINGS_MESSAGES.archived,
    );
    expect400(
      await designer.post(STUDIO_PATHS.versions(v.appId), {
        savepoint_id: v.savepointId,
        increment: 'minor',
      }),
      STUDIO_SETTINGS_MESSAGES.archived,
    );
    expect400(await deploy(designer, v.appId, v.versionId, 'QA'), STUDIO_SETTINGS_MESSAGES.archived);
    const detail = (await designer.get(STUDIO_PATHS.app(v.appId))).json();
    expect(detail.branches).toHaveLength(1);
    expect(detail.versions).toHaveLength(1);
    expect(detail.deployments).toEqual([]);

    const log = StudioActivityPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.activity}?app_id=${v.appId}&action=app_archived`)).json(),
    );
    expect(log.count).toBe(1);
    // Unarchived, it takes new work again.
    expect((await patch(designer, v.appId, { archived: false })).json().app.archived_at).toBeNull();
    expect((await deploy(designer, v.appId, v.versionId, 'QA')).statusCode).toBe(201);
    expect((await designer.post(STUDIO_PATHS.branches(v.appId), { name: 'late' })).statusCode).toBe(201);
  });
});

describe('the app list', () => {
  it("shows each app's latest version and stage, the environments it was deployed to and its branch count, searched and paged", async () => {
    const { designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    await designer.post(STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' });
    expect((await deploy(designer, v.appId, v.versionId, 'UAT')).statusCode).toBe(201);
    expect((await deploy(designer, v.appId, v.versionId, 'QA')).statusCode).toBe(201);
    await version(designer, v.appId, v.savepointId, 'minor');
    await designer.post(STUDIO_PATHS.branches(v.appId), { name: 'feature' });
    await patch(designer, v.appId, { name: 'Alpha 100%_x' });
    const empty = await newApp(designer, 'Beta');

    const page = StudioAppsPageSchema.parse((await designer.get(`${STUDIO_PATHS.apps}?limit=1`)).json());
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      id: v.appId,
      latest_version: { major: 1, minor: 1, stage: 'draft' },
      environments: ['QA', 'UAT'],
      branch_count: 2,
    });
    const second = StudioAppsPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.apps}?limit=1&offset=1`)).json(),
    );
    expect(second.results[0]).toMatchObject({
      id: empty.id,
      latest_version: null,
      environments: [],
      branch_count: 1,
    });
    // The search escapes LIKE's wildcards: '%_' matches only itself.
    const found = StudioAppsPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.apps}?q=${encodeURIComponent('0%_')}`)).json(),
    );
    expect(found.results.map((a) => a.id)).toEqual([v.appId]);
    const none = StudioAppsPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.apps}?q=${encodeURIComponent('%')}`)).json(),
    );
    expect(none.results.map((a) => a.id)).toEqual([v.appId]);
    const noMatch = StudioAppsPageSchema.parse((await designer.get(`${STUDIO_PATHS.apps}?q=_e`)).json());
    expect(noMatch.count).toBe(0);
  });
});

describe('the activity filters', () => {
  it('filters by app, branch, actor, action and date range, paged', async () => {
    const { t, designer } = await designerTenant();
    const { app: created, main } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    await grant(adminDb, t.id, t.users.member, ['can_access_studio']);
    const member = await t.signedIn('member');
    const branch = (await member.post(STUDIO_PATHS.branches(created.id), { name: 'theirs' })).json();
    await member.post(STUDIO_PATHS.savepoints(created.id, branch.id), { message: 'Mine' });
    const elsewhere = await newApp(designer, 'Other');

    const query = async (params: string) =>
      StudioActivityPageSchema.parse((await designer.get(`${STUDIO_PATHS.activity}?${params}`)).json());
    expect((await query(`app_id=${elsewhere.id}`)).results.map((r) => r.action)).toEqual(['app_created']);
    expect((await query(`branch_id=${branch.id}`)).results.map((r) => r.action)).toEqual([
      'savepoint_created',
      'branch_created',
    ]);
    expect((await query(`actor_id=${t.users.member}`)).count).toBe(2);
    expect(
      (await query(`app_id=${created.id}&action=savepoint_created`)).results.map((r) => r.branch_id),
    ).toEqual([branch.id, main.id]);
    const paged = await query(`app_id=${created.id}&limit=2&offset=1`);
    expect(paged.results).toHaveLength(2);
    expect(paged.count).toBe(5);

    // Dates: from inclusive, to exclusive, as dates or date-times.
    // created_at is never updated by the application; the test moves one app's rows back in time.
    await sql`update studio_activity set created_at = '2026-01-15T12:00:00Z'
      where tenant_id = ${t.id} and app_id = ${String(elsewhere.id)}`.execute(adminDb);
    expect((await query('from=2026-01-15&to=2026-01-16')).results.map((r) => r.app_id)).toEqual([
      elsewhere.id,
    ]);
    expect((await query('to=2026-01-15T12:00:00Z')).count).toBe(0);
    expect((await query('from=2026-01-15T12:00:00%2B00:00&to=2026-01-15T12:00:01Z')).count).toBe(1);
    for (const bad of ['from=yesterday', 'action=everything', 'actor_id=0', 'branch_id=x']) {
      expect((await designer.get(`${STUDIO_PATHS.activity}?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('tenant isolation', () => {
  it("another tenant's designer cannot read or change an app's settings (404), and sees no editor rows", async () => {
    const a = await designerTenant();
    const created = await newApp(a.designer);
    await patch(a.designer, created.id, { editors: { user_ids: [a.t.users.member] } });
    const b = await designerTenant();
    expect((await b.designer.get(STUDIO_SETTINGS_PATHS.settings(created.id))).statusCode).toBe(404);
    expect((await patch(b.designer, created.id, { name: 'Taken' })).statusCode).toBe(404);
    expect((await patch(b.designer, created.id, { archived: true })).statusCode).toBe(404);
    const main = await mainBranch(a.designer, created.id);
    expect(
      (await b.designer.post(STUDIO_SETTINGS_PATHS.branchWork(created.id, main.id), { state: 'started' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await put(b.designer, STUDIO_PATHS.workingCopy(created.id, main.id), {
          revision: 1,
          package: { processes: [] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await a.designer.get(STUDIO_SETTINGS_PATHS.settings(created.id))).json().app.name).toBe(
      'Vendor management',
    );
    const count = (tenantId: string) =>
      withTenant(db, tenantId, async (tx) => {
        const { rows } = await sql<{ n: string; other: string }>`
          select count(*) as n, count(*) filter (where tenant_id <> ${tenantId}) as other from studio_app_editors`.execute(
          tx,
        );
        return rows[0];
      });
    expect(Number((await count(a.t.id))?.n)).toBeGreaterThan(0);
    expect((await count(b.t.id))?.other).toBe('0');
  });
});
