import { PREFERENCE_PATHS, RECENT_WORKFLOWS_KEPT, RecentActivitySchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function recent(client: TestClient) {
  const response = await client.get(PREFERENCE_PATHS.recentActivity);
  expect(response.statusCode).toBe(200);
  return RecentActivitySchema.parse(response.json()).recently_viewed_workflows;
}

const view = (client: TestClient, workflowId: number) =>
  client.post(PREFERENCE_PATHS.recentActivity, { workflow_id: workflowId });

describe('user-recent-activity/', () => {
  it('lists views newest first, once per workflow, with kind and status', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const a = await createVendorCheck(t, client, 'Alpha');
    const b = await createVendorCheck(t, client, 'Beta');
    expect(await recent(client)).toEqual([]);
    expect((await view(client, a)).statusCode).toBe(200);
    await view(client, b);
    const answer = RecentActivitySchema.parse((await view(client, a)).json()).recently_viewed_workflows;
    expect(answer.map((w) => w.name)).toEqual(['Alpha', 'Beta']);
    expect(answer[0]).toMatchObject({
      id: a,
      kind: { id: t.kinds.vendor, name: 'Vendor Check' },
      status: { tag: 'draft', display_name: 'Draft' },
    });
    expect((await recent(client)).map((w) => w.id)).toEqual([a, b]);
    // Views are per user.
    expect(await recent(await t.signedIn('admin'))).toEqual([]);
  });

  it(`keeps the last ${RECENT_WORKFLOWS_KEPT} views`, async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const ids: number[] = [];
    for (let i = 0; i < RECENT_WORKFLOWS_KEPT + 2; i += 1)
      ids.push(await createVendorCheck(t, client, `W${i}`));
    for (const id of ids) await view(client, id);
    const list = await recent(client);
    expect(list).toHaveLength(RECENT_WORKFLOWS_KEPT);
    expect(list[0]?.id).toBe(ids.at(-1));
    expect(list.map((w) => w.id)).not.toContain(ids[0]);
    const kept = await adminDb
      .selectFrom('user_recent_workflows')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(RECENT_WORKFLOWS_KEPT);
  });

  it('hides workflows the user may no longer see and refuses recording them (404)', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const id = await createVendorCheck(t, member);
    await view(member, id);
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.member))
      .execute();
    expect(await recent(member)).toEqual([]);
    expect((await view(member, id)).statusCode).toBe(404);
    const supplier = await t.signedIn('supplier');
    expect((await view(supplier, id)).statusCode).toBe(404);
  });

  it("refuses another tenant's workflow (404) and anyone signed out (401)", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('member');
    const theirs = await createVendorCheck(foreign, outsider);
    const client = await t.signedIn('member');
    expect((await view(client, theirs)).statusCode).toBe(404);
    expect(await recent(client)).toEqual([]);
    await client.get('/api/v1/users/logout/');
    expect((await client.get(PREFERENCE_PATHS.recentActivity)).statusCode).toBe(401);
  });
});
