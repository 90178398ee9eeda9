import {
  AvailableStatusesPageSchema,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
  WorkflowKindsPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import {
  createVendorCheck,
  publishAll,
  VC,
  VENDOR_CHECK_DEFINITION,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

describe('workflow kinds and statuses', () => {
  it('lists kinds with a published definition and their statuses, paged', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const page = WorkflowKindsPageSchema.parse(
      (await client.get(`${WORKFLOW_PATHS.kinds}?limit=200`)).json(),
    );
    expect(page.count).toBe(2);
    expect(page.results.map((k) => k.name)).toEqual(['Sub-check', 'Vendor Check']);
    const vendor = page.results[1];
    expect(vendor?.available_statuses.map((s) => s.tag)).toEqual(['draft', 'in_review', 'done']);
    expect(vendor).toMatchObject({ icon: 'building', current_version: 1, field_tags_for_filter: [] });
    const first = WorkflowKindsPageSchema.parse((await client.get(`${WORKFLOW_PATHS.kinds}?limit=1`)).json());
    expect(first.next).toBe(`${WORKFLOW_PATHS.kinds}?limit=1&offset=1`);
  });

  it('publishes the next version and keeps statuses by tag', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const renamed = {
      ...VENDOR_CHECK_DEFINITION,
      statuses: [
        ...VENDOR_CHECK_DEFINITION.statuses,
        { tag: 'parked', display_name: 'Parked', color_code: '#000000' },
      ],
    };
    const [published] = await publishAll(adminDb, t.id, [renamed]);
    expect(published?.version).toBe(2);
    const client = await t.signedIn('member');
    const statuses = AvailableStatusesPageSchema.parse(
      (await client.get(`${WORKFLOW_PATHS.statuses}?kind_id=${t.kinds.vendor}`)).json(),
    );
    expect(statuses.results.map((s) => s.tag)).toEqual(['draft', 'in_review', 'done', 'parked']);
    const all = AvailableStatusesPageSchema.parse(
      (await client.get(`${WORKFLOW_PATHS.statuses}?limit=2`)).json(),
    );
    expect(all.count).toBe(5);
    expect(all.results).toHaveLength(2);
  });

  it('refuses an invalid definition with its issues as field errors', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await expect(
      publishAll(adminDb, t.id, [{ ...VENDOR_CHECK_DEFINITION, initial_status: 'nope' }]),
    ).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { initial_status: [expect.stringContaining('nope')] },
    });
  });

  it('refuses a child_workflow field whose kind is not published yet', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const orphan = {
      ...VENDOR_CHECK_DEFINITION,
      kind: { tag: 'orphan_check', name: 'Orphan' },
      step_groups: VENDOR_CHECK_DEFINITION.step_groups.map((g) => ({
        ...g,
        tag: g.tag.replace('vendor_check', 'orphan_check'),
        steps: g.steps.map((s) => ({
          ...s,
          tag: s.tag.replace('vendor_check', 'orphan_check'),
          fields: s.fields.map((f) => ({
            ...f,
            tag: f.tag.replaceAll('vendor_check', 'orphan_check'),
            ...(f.child_kind_tag && { child_kind_tag: 'not_there' }),
          })),
        })),
      })),
      alert_rules: [],
    };
    await expect(publishAll(adminDb, t.id, [orphan])).rejects.toMatchObject({
      fieldErrors: {
        'step_groups.1.steps.0.fields.1.child_kind_tag': [
          "The workflow kind 'not_there' is not published; publish it first.",
        ],
      },
    });
  });

  it("never lists another tenant's kinds", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const other = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const page = WorkflowKindsPageSchema.parse((await client.get(WORKFLOW_PATHS.kinds)).json());
    expect(page.results.map((k) => k.id)).not.toContain(other.kinds.vendor);
    const statuses = await client.get(`${WORKFLOW_PATHS.statuses}?kind_id=${other.kinds.vendor}`);
    expect(statuses.json()).toMatchObject({ count: 0 });
  });
});

describe('create and read a workflow', () => {
  it('creates a workflow with its steps, assignees and status, and reads it back', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const response = await client.post(WORKFLOW_PATHS.workflows, {
      kind_id: t.kinds.vendor,
      name: 'Globex vendor check',
      region_id: t.ids.region('Europe'),
      business_unit_id: t.ids.unit('Paris'),
    });
    expect(response.statusCode).toBe(201);
    const created = WorkflowDetailSchema.parse(response.json());
    expect(created).toMatchObject({
      name: 'Globex vendor check',
      kind: { tag: 'vendor_check', name: 'Vendor Check' },
      status: { tag: 'draft', display_name: 'Draft' },
      region: { name: 'Europe' },
      business_unit: { name: 'Paris' },
      progress: 0,
      created_by: { email: t.email('admin') },
      definition_version: 1,
      abilities: { can_edit: true, can_submit: true, can_undo: true, can_archive: true },
    });
    const [intake, review] = created.steps;
    expect(intake).toMatchObject({ tag: VC.intake, state: 'enabled', submit_count: 0, is_my_task: true });
    expect(intake?.initiated_at).not.toBeNull();
    expect(intake?.sla_breach_time).toBe(
      new Date(Date.parse(intake?.initiated_at ?? '') + 24 * 3600 * 1000).toISOString(),
    );
    // Only the group the tenant has is assigned; the unknown group and e-mail are skipped.
    expect(intake?.assignees.map((a) => [a.kind, a.name])).toEqual([['group', 'Admins']]);
    expect(review).toMatchObject({
      tag: VC.review,
      state: 'disabled',
      initiated_at: null,
      is_my_task: false,
    });

    const read = WorkflowDetailSchema.parse((await client.get(WORKFLOW_PATHS.workflow(created.id))).json());
    expect(read.steps.map(({ ageing: _, ...s }) => s)).toEqual(created.steps.map(({ ageing: _, ...s }) => s));
    const member = await t.signedIn('member');
    const asMember = WorkflowDetailSchema.parse(
      (await member.get(WORKFLOW_PATHS.workflow(created.id))).json(),
    );
    expect(asMember.abilities).toMatchObject({ can_edit: true, can_submit: false, can_archive: false });
    expect(asMember.steps[0]?.is_my_task).toBe(false);
  });

  it('refuses an unknown kind, region, a business unit of another region and a place without full access', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const base = { kind_id: t.kinds.vendor, name: 'X', region_id: t.ids.region('Europe') };
    const kind = await client.post(WORKFLOW_PATHS.workflows, { ...base, kind_id: 999999999 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ code: 'kind_not_found', detail: WORKFLOW_MESSAGES.kind_not_found });
    const region = await client.post(WORKFLOW_PATHS.workflows, { ...base, region_id: 999999999 });
    expect(region.json()).toMatchObject({ code: 'region_not_found' });
    const unit = await client.post(WORKFLOW_PATHS.workflows, {
      ...base,
      business_unit_id: t.ids.unit('Tokyo'),
    });
    expect(unit.json()).toMatchObject({ code: 'business_unit_not_in_region' });
    const asia = await client.post(WORKFLOW_PATHS.workflows, { ...base, region_id: t.ids.region('Asia') });
    expect(asia.statusCode).toBe(403);
    expect(asia.json()).toMatchObject({
      code: 'no_place_access',
      detail: 'You cannot create workflows in this region or business unit.',
    });
    const empty = await client.post(WORKFLOW_PATHS.workflows, { ...base, name: ' ' });
    expect(empty.statusCode).toBe(400);
    const parent = await client.post(WORKFLOW_PATHS.workflows, { ...base, parent_id: 999999999 });
    expect(parent.json()).toMatchObject({ code: 'parent_not_found' });
  });

  it('answers 404 to a user without region access and for another tenant', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const id = await createVendorCheck(t, await t.signedIn('admin'));
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(WORKFLOW_PATHS.workflow(id))).statusCode).toBe(404);
    const other = await workflowTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    expect((await stranger.get(WORKFLOW_PATHS.workflow(id))).statusCode).toBe(404);
  });
});
