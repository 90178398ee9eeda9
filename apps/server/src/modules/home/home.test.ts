import {
  HOME_PATHS,
  HOME_SHORTCUT_MESSAGES,
  type HomePageConfig,
  HomeSchema,
  HomeWorkflowsPageSchema,
  StoredHomePageConfigSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function tenantWithAdmin(): Promise<WorkflowTestTenant> {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_access_admin_settings']);
  return t;
}

function put(client: TestClient, payload: object) {
  return client.request({ method: 'PUT', url: HOME_PATHS.adminConfig, payload });
}

async function page(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return HomeWorkflowsPageSchema.parse(response.json());
}

async function statusId(t: WorkflowTestTenant, tag: string): Promise<number> {
  const row = await adminDb
    .selectFrom('workflow_statuses')
    .select('id')
    .where('tenant_id', '=', t.id)
    .where('kind_id', '=', String(t.kinds.vendor))
    .where('tag', '=', tag)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function storedLabels(tenantId: string) {
  return adminDb
    .selectFrom('tenant_configurations')
    .select('custom_ui_labels')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
    .then((r) => r.custom_ui_labels as Record<string, unknown> | null);
}

// The audit trail's record of home configuration changes (one per saved PUT).
function configChanges(tenantId: string) {
  return adminDb
    .selectFrom('audit_events')
    .select('action')
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'home_page_config.changed')
    .execute();
}

function setRegionAccess(t: WorkflowTestTenant, user: number, access: 'read' | 'full') {
  return adminDb
    .updateTable('user_region_access')
    .set({ access })
    .where('tenant_id', '=', t.id)
    .where('user_id', '=', String(user))
    .execute();
}

function grantUnit(t: WorkflowTestTenant, user: number, unitId: number) {
  return adminDb
    .insertInto('user_business_unit_access')
    .values({ tenant_id: t.id, user_id: String(user), business_unit_id: String(unitId), access: 'full' })
    .execute();
}

async function revokeRegions(t: WorkflowTestTenant, user: number) {
  await adminDb
    .deleteFrom('user_region_access')
    .where('tenant_id', '=', t.id)
    .where('user_id', '=', String(user))
    .execute();
}

const createShortcut = (statusIds: number[]) => ({
  kind_tag: 'vendor_check',
  step_tag: VC.review,
  field_tag: VC.subChecks,
  use_case: 'create_new_workflow' as const,
  ui: { title: 'Add a sub-check', description: '   ' },
  workflow_mapping_config: {
    vendor_check: {
      creation_kind_tag: 'sub_check',
      allowed_status_ids: statusIds,
      ui: { create_button_label: 'Start sub-check', status_filtering_fallback_message: 'Nothing in review' },
    },
  },
});

describe('PUT admin/home-page-config/', () => {
  it('refuses with 400 and both §5 messages, storing nothing', async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const before = await storedLabels(t.id);
    const response = await put(admin, {
      child_workflow_shortcut_config: [
        {
          ...createShortcut([]),
          workflow_mapping_config: {
            vendor_check: { creation_kind_tag: 'sub_check', allowed_status_ids: [1] },
          },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = JSON.stringify(response.json());
    expect(body).toContain(HOME_SHORTCUT_MESSAGES.fallbackRequired);
    expect(body).toContain(HOME_SHORTCUT_MESSAGES.buttonLabelRequired);
    expect(await storedLabels(t.id)).toEqual(before);
    const { field_tag: _, ...noField } = createShortcut([]);
    const missing = await put(admin, { child_workflow_shortcut_config: [noField] });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(HOME_SHORTCUT_MESSAGES.fieldTagRequired);
  });

  it('stores the configuration beside the other labels, audited; refuses people without the permission', async () => {
    const t = await tenantWithAdmin();
    await adminDb
      .updateTable('tenant_configurations')
      .set({ custom_ui_labels: JSON.stringify({ banner: 'Hello' }) })
      .where('tenant_id', '=', t.id)
      .execute();
    const config: HomePageConfig = {
      child_workflow_shortcut_config: [createShortcut([await statusId(t, 'draft')])],
      create_new_message: 'Pick a process',
      my_process_report: 12,
    };
    const member = await t.signedIn('member');
    expect((await put(member, config)).statusCode).toBe(403);
    const admin = await t.signedIn('admin');
    expect((await put(admin, config)).statusCode).toBe(200);
    expect(await storedLabels(t.id)).toEqual({ banner: 'Hello', c2_home_page_config: config });
    expect(await configChanges(t.id)).toHaveLength(1);
  });
});

describe('GET home/', () => {
  it('answers the converted configuration: kinds resolved, blank descriptions dropped', async () => {
    const t = await tenantWithAdmin();
    const draft = await statusId(t, 'draft');
    await put(await t.signedIn('admin'), {
      child_workflow_shortcut_config: [createShortcut([draft])],
      process_shortcuts: ['no_such_kind', 'vendor_check'],
      create_new_message: 'Pick a process',
    });
    const response = await (await t.signedIn('member')).get(HOME_PATHS.home);
    expect(response.statusCode).toBe(200);
    const home = HomeSchema.parse(response.json());
    expect(home.create_new_message).toBe('Pick a process');
    expect(home.process_shortcuts).toEqual([
      { id: t.kinds.vendor, name: 'Vendor Check', tag: 'vendor_check' },
    ]);
    expect(home.shortcuts).toEqual([
      expect.objectContaining({
        index: 0,
        kind: { id: t.kinds.vendor, name: 'Vendor Check', tag: 'vendor_check' },
        creation_kind: { id: t.kinds.sub, name: 'Sub-check', tag: 'sub_check' },
        title: 'Add a sub-check',
        description: null,
        allowed_status_ids: [draft],
        create_button_label: 'Start sub-check',
      }),
    ]);
  });

  it('ignores an invalid stored configuration and skips bad or unknown-kind shortcuts', async () => {
    const t = await tenantWithAdmin();
    const store = (config: unknown) =>
      adminDb
        .updateTable('tenant_configurations')
        .set({ custom_ui_labels: JSON.stringify({ c2_home_page_config: config }) })
        .where('tenant_id', '=', t.id)
        .execute();
    const member = await t.signedIn('member');
    await store({ my_process_report: 'not a number', create_new_message: 'x' });
    let home = HomeSchema.parse((await member.get(HOME_PATHS.home)).json());
    expect(home).toEqual({
      shortcuts: [],
      process_shortcuts: [],
      my_process_report: null,
      create_new_message: null,
    });
    const bad = { ...createShortcut([]), use_case: 'somewhere_else' };
    const unknownKind = { ...createShortcut([]), kind_tag: 'no_such_kind' };
    await store({ child_workflow_shortcut_config: [bad, unknownKind, createShortcut([])] });
    home = HomeSchema.parse((await member.get(HOME_PATHS.home)).json());
    expect(home.shortcuts.map((s) => s.index)).toEqual([2]);
  });

  it('refuses anyone signed out', async () => {
    const t = await tenantWithAdmin();
    const anonymous = TestClient.forTenant(app, t.slug);
    expect((await anonymous.get(HOME_PATHS.home)).statusCode).toBe(401);
    expect((await anonymous.get(HOME_PATHS.requested)).statusCode).toBe(401);
  });
});

describe('home sections', () => {
  it('requested by you: the workflows the viewer started, paged, visible ones only', async () => {
    const t = await tenantWithAdmin();
    const member = await t.signedIn('member');
    const admin = await t.signedIn('admin');
    const first = await createVendorCheck(t, member, 'Mine one');
    const second = await createVendorCheck(t, member, 'Mine two');
    await createVendorCheck(t, admin, 'Not mine');
    const foreign = await workflowTestTenant(app, adminDb);
    await createVendorCheck(foreign, await foreign.signedIn('member'), 'Foreign');
    const all = await page(member, HOME_PATHS.requested);
    expect(all.count).toBe(2);
    expect(all.results.map((w) => w.id)).toEqual([second, first]);
    expect(all.results[0]).toMatchObject({ name: 'Mine two', status: { display_name: 'Draft' } });
    const one = await page(member, `${HOME_PATHS.requested}?limit=1`);
    expect(one.results).toHaveLength(1);
    expect(one.next).toContain('offset=1');
    await revokeRegions(t, t.users.member);
    expect((await page(member, HOME_PATHS.requested)).count).toBe(0);
  });

  it('following: workflows with a thread the viewer is subscribed to, visible ones only', async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const followed = await createVendorCheck(t, admin, 'Followed');
    const dropped = await createVendorCheck(t, admin, 'Unsubscribed');
    await createVendorCheck(t, admin, 'Quiet');
    const subscribe = async (workflowId: number, subscribed: boolean) => {
      const thread = await adminDb
        .insertInto('threads')
        .values({ tenant_id: t.id, workflow_id: String(workflowId), step_tag: VC.intake, field_tag: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await adminDb
        .insertInto('thread_subscriptions')
        .values({ tenant_id: t.id, thread_id: thread.id, user_id: String(t.users.member), subscribed })
        .execute();
    };
    await subscribe(followed, true);
    await subscribe(dropped, false);
    const list = await page(member, HOME_PATHS.following);
    expect(list.results.map((w) => w.id)).toEqual([followed]);
    expect((await page(admin, HOME_PATHS.following)).count).toBe(0);
    await revokeRegions(t, t.users.member);
    expect((await page(member, HOME_PATHS.following)).count).toBe(0);
  });

  it("a shortcut's parents: its kind, in an allowed status, visible, never another tenant's", async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const alpha = await createVendorCheck(t, admin, 'Alpha vendor');
    const beta = await createVendorCheck(t, admin, 'Beta vendor');
    // Alpha goes to review: its review step (holding the child field) opens.
    await admin.post(WORKFLOW_PATHS.answer(alpha), { field_tag: VC.name, value: 'Alpha Ltd' });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(alpha, VC.intake), {})).statusCode).toBe(200);
    const foreign = await workflowTestTenant(app, adminDb);
    await createVendorCheck(foreign, await foreign.signedIn('member'), 'Foreign vendor');
    const navigateTo = (statusIds: number[]) => ({
      ...createShortcut(statusIds),
      use_case: 'navigate_to_parent_step' as const,
    });
    await put(admin, { child_workflow_shortcut_config: [navigateTo([await statusId(t, 'draft')])] });
    const drafts = await page(member, HOME_PATHS.shortcutParents(0));
    expect(drafts.results.map((w) => w.id)).toEqual([beta]);
    await put(admin, { child_workflow_shortcut_config: [navigateTo([])] });
    expect((await page(member, HOME_PATHS.shortcutParents(0))).results.map((w) => w.id).sort()).toEqual(
      [alpha, beta].sort(),
    );
    const searched = await page(member, `${HOME_PATHS.shortcutParents(0)}?q=alp`);
    expect(searched.results.map((w) => w.id)).toEqual([alpha]);
    expect((await member.get(HOME_PATHS.shortcutParents(3))).statusCode).toBe(404);
    // To create a child: only parents whose step holding the child field is open.
    await put(admin, { child_workflow_shortcut_config: [createShortcut([])] });
    expect((await page(member, HOME_PATHS.shortcutParents(0))).results.map((w) => w.id)).toEqual([alpha]);
    await put(admin, { child_workflow_shortcut_config: [createShortcut([await statusId(t, 'in_review')])] });
    expect((await page(member, HOME_PATHS.shortcutParents(0))).results.map((w) => w.id)).toEqual([alpha]);
    // No workflow in the allowed status: an empty page (the web shows the fallback message).
    await put(admin, { child_workflow_shortcut_config: [createShortcut([await statusId(t, 'done')])] });
    expect((await page(member, HOME_PATHS.shortcutParents(0))).count).toBe(0);
    // The child starts through the workflows endpoint on a listed parent.
    await put(admin, { child_workflow_shortcut_config: [createShortcut([])] });
    const child = await member.post(WORKFLOW_PATHS.childWorkflows(alpha, VC.subChecks), {});
    expect(child.statusCode).toBe(201);
    await revokeRegions(t, t.users.member);
    expect((await page(member, HOME_PATHS.shortcutParents(0))).count).toBe(0);
  });

  it('to create a child: only parents the viewer may change (full access), not those they may only read', async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const parent = await createVendorCheck(t, admin, 'Parent vendor');
    await admin.post(WORKFLOW_PATHS.answer(parent), { field_tag: VC.name, value: 'Parent Ltd' });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(parent, VC.intake), {})).statusCode).toBe(200);
    await put(admin, {
      child_workflow_shortcut_config: [
        createShortcut([]),
        { ...createShortcut([]), use_case: 'navigate_to_parent_step' as const },
      ],
    });
    const member = await t.signedIn('member');
    expect((await page(member, HOME_PATHS.shortcutParents(0))).results.map((w) => w.id)).toEqual([parent]);
    await setRegionAccess(t, t.users.member, 'read');
    // Read access: no parent to create from (the create would be refused), still one to navigate to.
    expect((await page(member, HOME_PATHS.shortcutParents(0))).count).toBe(0);
    expect((await page(member, HOME_PATHS.shortcutParents(1))).results.map((w) => w.id)).toEqual([parent]);
    // Full access through the business unit alone is enough.
    await grantUnit(t, t.users.member, t.ids.unit('Paris'));
    expect((await page(member, HOME_PATHS.shortcutParents(0))).results.map((w) => w.id)).toEqual([parent]);
  });
});

describe('GET admin/home-page-config/ (Settings > Shortcuts, issue 19)', () => {
  const get = (client: TestClient) => client.get(HOME_PATHS.adminConfig);

  it('answers the stored configuration as it is, even one the home page ignores; null when unset', async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const unset = await get(admin);
    expect(unset.statusCode).toBe(200);
    expect(StoredHomePageConfigSchema.parse(unset.json())).toEqual({ config: null });
    // An invalid one (spec 2 §5: ignored by the home page) is shown so that it can be mended.
    const invalid = { child_workflow_shortcut_config: [{ kind_tag: 'vendor_check' }], extra: true };
    await adminDb
      .updateTable('tenant_configurations')
      .set({ custom_ui_labels: JSON.stringify({ c2_home_page_config: invalid }) })
      .where('tenant_id', '=', t.id)
      .execute();
    expect((await get(admin)).json()).toEqual({ config: invalid });
  });

  it('refuses people without the permission (403) and the signed-out (401)', async () => {
    const t = await tenantWithAdmin();
    expect((await get(await t.signedIn('member'))).statusCode).toBe(403);
    expect((await get(TestClient.forTenant(app, t.slug))).statusCode).toBe(401);
  });

  it("keeps tenants apart: one tenant's configuration is never read or replaced by another's administrator", async () => {
    const [a, b] = await Promise.all([tenantWithAdmin(), tenantWithAdmin()]);
    const config: HomePageConfig = { child_workflow_shortcut_config: [createShortcut([])] };
    expect((await put(await a.signedIn('admin'), config)).statusCode).toBe(200);
    const adminB = await b.signedIn('admin');
    expect((await get(adminB)).json()).toEqual({ config: null });
    expect((await put(adminB, { create_new_message: 'B only' })).statusCode).toBe(200);
    expect((await storedLabels(a.id))?.c2_home_page_config).toEqual(config);
    expect((await get(await a.signedIn('admin'))).json()).toEqual({ config });
  });

  it('an invalid configuration is refused with every §5 message at its path, nothing written or audited', async () => {
    const t = await tenantWithAdmin();
    const admin = await t.signedIn('admin');
    const response = await put(admin, {
      child_workflow_shortcut_config: [
        createShortcut([]),
        {
          ...createShortcut([]),
          workflow_mapping_config: {
            vendor_check: { creation_kind_tag: 'sub_check', allowed_status_ids: [3] },
          },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    const mapping = 'child_workflow_shortcut_config.1.workflow_mapping_config.vendor_check.ui';
    expect(response.json().errors).toEqual({
      [`${mapping}.status_filtering_fallback_message`]: [HOME_SHORTCUT_MESSAGES.fallbackRequired],
      [`${mapping}.create_button_label`]: [HOME_SHORTCUT_MESSAGES.buttonLabelRequired],
    });
    expect((await get(admin)).json()).toEqual({ config: null });
    expect(await configChanges(t.id)).toEqual([]);
  });
});
