import { ActivityPageSchema, WORKFLOW_PATHS, WorkflowDetailSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const dueDateEntries = async (client: TestClient, id: number) => {
  const response = await client.get(WORKFLOW_PATHS.activity(id));
  expect(response.statusCode).toBe(200);
  return ActivityPageSchema.parse(response.json()).results.filter((e) => e.event === 'due_date_changed');
};

describe("a step's due date in the activity log", () => {
  it('records who moved it, from which date to which, when an undo restarts the step', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    // The step opened on 20 Dec 2026, so it was due (24 hours) on 21 Dec 2026.
    const oldDue = new Date('2026-12-21T09:00:00.000Z');
    await adminDb
      .updateTable('workflow_steps')
      .set({ initiated_at: new Date('2026-12-20T09:00:00.000Z'), sla_breach_at: oldDue })
      .where('workflow_id', '=', String(id))
      .where('step_tag', '=', VC.intake)
      .execute();
    // Opening a step is not a move of its due date.
    expect(await dueDateEntries(admin, id)).toEqual([]);

    const response = await admin.post(WORKFLOW_PATHS.undoStep(id, VC.intake), {});
    expect(response.statusCode).toBe(200);
    const newDue = WorkflowDetailSchema.parse(response.json()).steps[0]?.sla_breach_time;
    expect(newDue).toEqual(expect.any(String));

    const entries = await dueDateEntries(admin, id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'updated',
        step_tag: VC.intake,
        actor: expect.objectContaining({ email: t.email('admin') }),
        details: expect.objectContaining({
          old_due_at: oldDue.toISOString(),
          new_due_at: new Date(newDue ?? '').toISOString(),
          by_engine: false,
        }),
      }),
    ]);
  });

  it('says nothing when a submission leaves the due date where it was', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    expect(await dueDateEntries(admin, id)).toEqual([]);
  });
});
