import {
  ActivityPageSchema,
  ChildWorkflowCreatedSchema,
  StepUsersSchema,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

describe('step users', () => {
  it('adds and removes users and groups of the tenant, in the activity log', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = await createVendorCheck(t, client);
    const url = WORKFLOW_PATHS.stepUsers(id, VC.review);
    const added = await client.post(url, { user_id: t.users.member });
    expect(added.statusCode).toBe(201);
    const users = StepUsersSchema.parse(added.json()).results;
    expect(users).toMatchObject([{ kind: 'user', user_id: t.users.member, name: 'Max Member' }]);
    const again = await client.post(url, { user_id: t.users.member });
    expect(again.json()).toMatchObject({
      code: 'already_assigned',
      detail: WORKFLOW_MESSAGES.already_assigned,
    });
    const group = await client.post(url, { group_id: Number(t.groupIds.Members) });
    expect(group.json().results.map((a: { name: string }) => a.name)).toEqual(['Max Member', 'Members']);

    const other = await workflowTestTenant(app, adminDb);
    const foreign = await client.post(url, { user_id: other.users.admin });
    expect(foreign.json()).toMatchObject({ code: 'user_not_found' });
    const both = await client.post(url, { user_id: t.users.member, group_id: 1 });
    expect(both.statusCode).toBe(400);

    const removed = await client.request({
      method: 'DELETE',
      url: WORKFLOW_PATHS.stepUser(id, VC.review, users[0]?.id ?? 0),
    });
    expect(removed.json().results.map((a: { name: string }) => a.name)).toEqual(['Members']);
    const listed = StepUsersSchema.parse((await client.get(url)).json());
    expect(listed.results).toHaveLength(1);
    const activity = ActivityPageSchema.parse((await client.get(WORKFLOW_PATHS.activity(id))).json());
    expect(activity.results.slice(0, 3).map((e) => [e.action, e.event])).toEqual([
      ['removed', 'step_user_removed'],
      ['added', 'step_user_added'],
      ['added', 'step_user_added'],
    ]);
    const stranger = await other.signedIn('admin');
    expect((await stranger.get(url)).statusCode).toBe(404);
  });
});

describe('archive and activity', () => {
  it('archives with the permission, then refuses changes and a second archive', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const member = await t.signedIn('member');
    expect((await member.post(WORKFLOW_PATHS.archive(id), {})).statusCode).toBe(403);
    const archived = WorkflowDetailSchema.parse((await admin.post(WORKFLOW_PATHS.archive(id), {})).json());
    expect(archived.archived_at).not.toBeNull();
    expect(archived.abilities).toMatchObject({ can_edit: false, can_submit: false, can_archive: false });
    const twice = await admin.post(WORKFLOW_PATHS.archive(id), {});
    expect(twice.json()).toEqual({ code: 'already_archived', detail: WORKFLOW_MESSAGES.already_archived });
    const change = await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'x' });
    expect(change.json()).toEqual({ code: 'workflow_archived', detail: WORKFLOW_MESSAGES.workflow_archived });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).json()).toMatchObject({
      code: 'workflow_archived',
    });
    const other = await workflowTestTenant(app, adminDb);
    expect((await (await other.signedIn('admin')).post(WORKFLOW_PATHS.archive(id), {})).statusCode).toBe(404);
  });

  it('lists the activity newest first with its actor, paged, for holders of the permission', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' });
    await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {});
    const page = ActivityPageSchema.parse((await admin.get(`${WORKFLOW_PATHS.activity(id)}?limit=4`)).json());
    // The undo restarted the intake's SLA clock, so its due date moved too (issue 14).
    expect(page.count).toBe(7);
    expect(page.results.map((e) => e.event)).toEqual([
      'status_changed',
      'step_undone',
      'due_date_changed',
      'status_changed',
    ]);
    expect(page.results[0]).toMatchObject({
      action: 'updated',
      actor: { email: t.email('admin'), name: 'Ada Admin' },
      details: { from: 'in_review', to: 'draft', from_name: 'In Review', to_name: 'Draft' },
    });
    const rest = ActivityPageSchema.parse((await admin.get(page.next ?? '')).json());
    expect(rest.results.map((e) => e.event)).toEqual(['step_submitted', 'answer_saved', 'created']);
    expect(rest.results.length).toBe(3);
    const member = await t.signedIn('member');
    expect((await member.get(WORKFLOW_PATHS.activity(id))).statusCode).toBe(403);
  });
});

describe('child workflows', () => {
  it("starts a child of the field's kind in the same place and adds it to the answer", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin, 'Acme');
    const early = await admin.post(WORKFLOW_PATHS.childWorkflows(id, VC.subChecks), {});
    expect(early.json()).toMatchObject({ code: 'step_not_enabled' });
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' });
    await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    const first = await admin.post(WORKFLOW_PATHS.childWorkflows(id, VC.subChecks), {});
    expect(first.statusCode).toBe(201);
    const created = ChildWorkflowCreatedSchema.parse(first.json());
    expect(created.child.name).toBe('Acme – Sub-check 1');
    const second = ChildWorkflowCreatedSchema.parse(
      (await admin.post(WORKFLOW_PATHS.childWorkflows(id, VC.subChecks), { name: 'Sanctions' })).json(),
    );
    expect(second.workflow.answers[VC.subChecks]).toEqual([created.child.id, second.child.id]);
    expect(second.workflow.children.map((c) => [c.name, c.kind_name, c.status.tag])).toEqual([
      ['Acme – Sub-check 1', 'Sub-check', 'open'],
      ['Sanctions', 'Sub-check', 'open'],
    ]);
    const child = WorkflowDetailSchema.parse(
      (await admin.get(WORKFLOW_PATHS.workflow(created.child.id))).json(),
    );
    expect(child).toMatchObject({
      parent: { id, name: 'Acme' },
      region: { id: t.ids.region('Europe') },
      business_unit: { id: t.ids.unit('Paris') },
      kind: { tag: 'sub_check' },
    });
    const notChild = await admin.post(WORKFLOW_PATHS.childWorkflows(id, VC.decision), {});
    expect(notChild.json()).toMatchObject({ code: 'not_child_field' });
    const childLog = ActivityPageSchema.parse(
      (await admin.get(WORKFLOW_PATHS.activity(created.child.id))).json(),
    );
    expect(childLog.results.map((e) => e.event)).toEqual(['created_from_parent', 'created']);
    const supplier = await t.signedIn('supplier');
    expect((await supplier.post(WORKFLOW_PATHS.childWorkflows(id, VC.subChecks), {})).statusCode).toBe(404);
  });
});

describe('get-answer and dynamic_lov', () => {
  it('answers the current answer, or null, and 404 or 400 where due', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' });
    const url = (field: string, workflow = id) =>
      `${WORKFLOW_PATHS.getAnswer}?workflow_id=${workflow}&field_tag=${field}`;
    expect((await admin.get(url(VC.name))).json()).toEqual({ answer: 'Acme' });
    expect((await admin.get(url(VC.notes))).json()).toEqual({ answer: null });
    expect((await admin.get(url('nope'))).json()).toMatchObject({ code: 'unknown_field' });
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(url(VC.name))).statusCode).toBe(404);
    const other = await workflowTestTenant(app, adminDb);
    expect((await (await other.signedIn('admin')).get(url(VC.name))).statusCode).toBe(404);
  });

  it('lists the values of option, country and reference fields; refuses other types', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const decision = await admin.get(WORKFLOW_PATHS.dynamicLov(id, VC.decision));
    expect(decision.json()).toEqual({
      results: [
        { label: 'Approve', value: 'approve' },
        { label: 'Reject', value: 'reject' },
      ],
    });
    const countries = (await admin.get(WORKFLOW_PATHS.dynamicLov(id, VC.country))).json().results;
    expect(countries).toContainEqual({ label: 'France', value: 'FR' });
    const text = await admin.get(WORKFLOW_PATHS.dynamicLov(id, VC.name));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ code: 'no_list_of_values', detail: 'This field has no list of values.' });
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(WORKFLOW_PATHS.dynamicLov(id, VC.decision))).statusCode).toBe(404);
  });
});
