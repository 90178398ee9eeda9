import {
  STEP_ACTION_MESSAGES,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  publishAll,
  VC,
  VENDOR_CHECK_DEFINITION,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function answer(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  if (response.statusCode !== 200) throw new Error(`answer ${field_tag}: ${response.body}`);
  return WorkflowDetailSchema.parse(response.json());
}

describe('submit and undo a step', () => {
  it('refuses a submission with a missing required answer, naming the field', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = await createVendorCheck(t, client);
    const response = await client.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_answers',
      detail: STEP_ACTION_MESSAGES.invalid_answers,
      problems: [
        {
          field_tag: VC.name,
          errors: [{ code: 'required', params: {}, message: 'This field is required.' }],
        },
      ],
    });
  });

  it('submits a step: it completes, the next one opens and the status changes', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = await createVendorCheck(t, client);
    await answer(client, id, VC.name, 'Acme Ltd');
    const response = await client.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    expect(response.statusCode).toBe(200);
    const detail = WorkflowDetailSchema.parse(response.json());
    expect(detail.status.tag).toBe('in_review');
    expect(detail.progress).toBe(50);
    const [intake, review] = detail.steps;
    expect(intake).toMatchObject({
      state: 'completed',
      submit_count: 1,
      completed_by: { email: t.email('admin') },
    });
    expect(intake?.cycle_time).toEqual(expect.any(Number));
    expect(review).toMatchObject({ state: 'enabled', is_cycle_running: true });
    expect(review?.initiated_at).not.toBeNull();
    // A submitted step takes no more answers until it is undone.
    const late = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Other' });
    expect(late.json()).toMatchObject({ code: 'step_completed' });

    await answer(client, id, VC.decision, 'approve');
    const done = WorkflowDetailSchema.parse(
      (await client.post(WORKFLOW_PATHS.submitStep(id, VC.review), {})).json(),
    );
    expect(done).toMatchObject({ status: { tag: 'done' }, progress: 100 });
    expect(done.cycle_time).toEqual(expect.any(Number));
    const again = await client.post(WORKFLOW_PATHS.submitStep(id, VC.review), {});
    expect(again.json()).toMatchObject({
      code: 'step_completed',
      detail: STEP_ACTION_MESSAGES.step_completed,
    });
  });

  it('undoes a step: the status goes back and the step re-opens; the permission is required', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await answer(admin, id, VC.name, 'Acme Ltd');
    await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});

    const member = await t.signedIn('member');
    expect((await member.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {})).statusCode).toBe(403);
    expect((await member.post(WORKFLOW_PATHS.submitStep(id, VC.review), {})).statusCode).toBe(403);

    const response = await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {});
    expect(response.statusCode).toBe(200);
    const detail = WorkflowDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ status: { tag: 'draft' }, progress: 0, cycle_time: null });
    expect(detail.steps.map((s) => s.state)).toEqual(['enabled', 'disabled']);
    expect(detail.steps[0]).toMatchObject({ completed_at: null, completed_by: null, submit_count: 1 });
    const notDone = await admin.post(WORKFLOW_PATHS.undoStep(id, VC.review), {});
    expect(notDone.json()).toMatchObject({ code: 'step_not_completed' });
  });

  it('locks a step: answers and submission are refused until it is unlocked', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await answer(admin, id, VC.name, 'Acme Ltd');
    const locked = await admin.post(WORKFLOW_PATHS.lockStep(id, VC.intake), { is_locked: true });
    expect(WorkflowDetailSchema.parse(locked.json()).steps[0]?.is_locked).toBe(true);
    const refused = await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'x' });
    expect(refused.json()).toEqual({ code: 'step_locked', detail: WORKFLOW_MESSAGES.step_locked });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).json()).toMatchObject({
      code: 'step_locked',
    });
    const member = await t.signedIn('member');
    expect((await member.post(WORKFLOW_PATHS.lockStep(id, VC.intake), { is_locked: false })).statusCode).toBe(
      403,
    );
    await admin.post(WORKFLOW_PATHS.lockStep(id, VC.intake), { is_locked: false });
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(200);
  });

  it('raises an alert from an answer and resolves it when the answer changes', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = await createVendorCheck(t, client);
    const raised = await answer(client, id, VC.spend, 5000);
    expect(raised.alerts).toMatchObject([
      {
        rule_tag: 'big_spend',
        alert_tag: 'material_spend',
        cat_color_label: 'R',
        step_tag: VC.intake,
        field_tag: VC.spend,
      },
    ]);
    const resolved = await answer(client, id, VC.spend, 10);
    expect(resolved.alerts).toEqual([]);
    const rows = await adminDb
      .selectFrom('workflow_alerts')
      .select(['rule_tag', 'resolved_at'])
      .where('workflow_id', '=', String(id))
      .execute();
    expect(rows).toEqual([{ rule_tag: 'big_spend', resolved_at: expect.any(Date) }]);
  });

  it('answers 404 for submit and undo to a user without region access and to another tenant', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const id = await createVendorCheck(t, await t.signedIn('admin'));
    await adminDb.deleteFrom('user_region_access').where('user_id', '=', String(t.users.admin)).execute();
    const admin = await t.signedIn('admin');
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(404);
    expect((await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {})).statusCode).toBe(404);
    expect((await admin.get(WORKFLOW_PATHS.activity(id))).statusCode).toBe(404);
    const other = await workflowTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    expect((await stranger.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(404);
  });
});

describe('integration steps', () => {
  it('queues a run for an integration step when a submission opens it', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const [group0, group1] = VENDOR_CHECK_DEFINITION.step_groups;
    const withIntegration = {
      ...VENDOR_CHECK_DEFINITION,
      step_groups: [
        group0,
        {
          ...group1,
          steps: group1?.steps.map((step) => ({
            ...step,
            integration: { connector: 'sanctions_screening' },
          })),
        },
      ],
    };
    await publishAll(adminDb, t.id, [withIntegration]);
    const client = await t.signedIn('admin');
    const id = await createVendorCheck(t, client);
    await answer(client, id, VC.name, 'Acme Ltd');
    const detail = WorkflowDetailSchema.parse(
      (await client.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).json(),
    );
    expect(detail.steps[1]?.integration).toEqual({ state: 'waiting', connector: 'sanctions_screening' });
    const runs = await adminDb
      .selectFrom('integration_runs')
      .select(['step_tag', 'state', 'connector'])
      .where('workflow_id', '=', String(id))
      .execute();
    expect(runs).toEqual([{ step_tag: VC.review, state: 'waiting', connector: 'sanctions_screening' }]);
  });
});
