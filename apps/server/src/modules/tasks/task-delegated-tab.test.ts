import { TASK_ACTION_PATHS, TASKS_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { claim, createVendorCheck, taskTestTenant } from '../../test/task-action-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

// Issue 16: while a delegation is in force (and only then) the delegator's tasks are in the
// delegate's `delegated` tab, saying for whom; revoking it takes them out.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function delegatedTab(client: TestClient) {
  const response = await client.get(`${TASKS_PATHS.list}?tab=delegated`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as { workflow_id: number; delegated_from: { id: number } | null }[];
}

describe('the delegated tab and delegations', () => {
  it('lists the delegator’s tasks to the delegate in range, not before it starts nor once revoked', async () => {
    const t = await taskTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, admin);
    expect((await claim(admin, id)).statusCode).toBe(200);

    const future = await admin.post(TASK_ACTION_PATHS.delegations, {
      delegate_id: t.users.member,
      starts_on: day(1),
      ends_on: day(3),
    });
    expect(future.statusCode).toBe(201);
    expect(await delegatedTab(member)).toEqual([]);

    const now = await admin.post(TASK_ACTION_PATHS.delegations, {
      delegate_id: t.users.member,
      starts_on: day(-2),
      ends_on: day(0),
    });
    expect(now.statusCode).toBe(201);
    const rows = await delegatedTab(member);
    expect(rows.map((r) => [r.workflow_id, r.delegated_from?.id])).toEqual([[id, t.users.admin]]);
    // Not the other way round.
    expect(await delegatedTab(admin)).toEqual([]);

    const revoked = await admin.request({
      method: 'DELETE',
      url: TASK_ACTION_PATHS.delegation(now.json().id),
    });
    expect(revoked.statusCode).toBe(204);
    expect(await delegatedTab(member)).toEqual([]);
  });
});
