import { MENTION_PATHS, MentionsPageSchema, MessageSchema, ThreadSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function openThread(client: TestClient, workflowId: number, body: Record<string, string> = {}) {
  const response = await client.post(MENTION_PATHS.workflowThreads(workflowId), body);
  expect(response.statusCode).toBe(200);
  return ThreadSchema.parse(response.json());
}

async function post(client: TestClient, threadId: number, body: string) {
  return client.post(MENTION_PATHS.threadMessages(threadId), { body });
}

const patch = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PATCH', url, payload });
const remove = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

async function unread(client: TestClient) {
  const response = await client.get(MENTION_PATHS.unreadCount);
  expect(response.statusCode).toBe(200);
  return response.json().count as number;
}

async function mentions(client: TestClient, page = 1) {
  const response = await client.get(`${MENTION_PATHS.userMentions}?page=${page}`);
  expect(response.statusCode).toBe(200);
  return MentionsPageSchema.parse(response.json());
}

async function setup() {
  const t = await workflowTestTenant(app, adminDb);
  const admin = await t.signedIn('admin');
  const member = await t.signedIn('member');
  const workflowId = await createVendorCheck(t, admin);
  return { t, admin, member, workflowId };
}

describe('threads', () => {
  it('gets or creates one thread per target and checks tags against the definition', async () => {
    const { admin, workflowId } = await setup();
    const whole = await openThread(admin, workflowId);
    expect(whole.content_object_type).toBe('workflow');
    expect((await openThread(admin, workflowId)).id).toBe(whole.id);
    const step = await openThread(admin, workflowId, { step_tag: VC.intake });
    expect(step).toMatchObject({ content_object_type: 'step', step_tag: VC.intake, field_tag: null });
    const field = await openThread(admin, workflowId, { field_tag: VC.name });
    expect(field).toMatchObject({ content_object_type: 'field', step_tag: VC.intake, field_tag: VC.name });
    expect((await openThread(admin, workflowId, { step_tag: VC.intake, field_tag: VC.name })).id).toBe(
      field.id,
    );
    expect(
      (await admin.post(MENTION_PATHS.workflowThreads(workflowId), { step_tag: 'nope' })).statusCode,
    ).toBe(400);
    expect(
      (
        await admin.post(MENTION_PATHS.workflowThreads(workflowId), {
          step_tag: VC.review,
          field_tag: VC.name,
        })
      ).statusCode,
    ).toBe(400);
    expect((await admin.post(MENTION_PATHS.workflowThreads(workflowId), { extra: 1 })).statusCode).toBe(400);

    await post(admin, field.id, 'first');
    const list = (await admin.get(MENTION_PATHS.workflowThreads(workflowId))).json().results;
    expect(list.map((x: { id: number; message_count: number }) => [x.id, x.message_count])).toEqual([
      [whole.id, 0],
      [step.id, 0],
      [field.id, 1],
    ]);
  });

  it('lists messages oldest first, paged, with bodies kept as plain text', async () => {
    const { admin, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    for (const body of ['one', '<script>alert(1)</script>', '  three  ']) {
      expect((await post(admin, thread.id, body)).statusCode).toBe(201);
    }
    const first = (await admin.get(`${MENTION_PATHS.threadMessages(thread.id)}?limit=2`)).json();
    expect(first.count).toBe(3);
    expect(first.results.map((m: { body: string }) => m.body)).toEqual(['one', '<script>alert(1)</script>']);
    expect(first.next).toContain('offset=2');
    const second = (await admin.get(first.next)).json();
    expect(second.results.map((m: { body: string }) => m.body)).toEqual(['three']);
    expect((await post(admin, thread.id, '   ')).statusCode).toBe(400);
    expect((await post(admin, thread.id, 'a'.repeat(5001))).statusCode).toBe(400);
  });
});

describe('mentions', () => {
  it('a mention creates an unread mention for the mentioned user only; mark as read lowers the count', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId, { field_tag: VC.name });
    const response = await post(
      admin,
      thread.id,
      `Please check @[Member](user:${t.users.member}) @[Me](user:${t.users.admin})`,
    );
    expect(response.statusCode).toBe(201);
    const message = MessageSchema.parse(response.json());
    expect(message.mentioned_user_ids).toEqual([t.users.member]);
    expect(await unread(member)).toBe(1);
    expect(await unread(admin)).toBe(0);

    const page = await mentions(member);
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      message_id: message.id,
      message: message.body,
      posted_by: { email: t.email('admin') },
      workflow: { id: workflowId },
      field: { tag: VC.name, body: 'Vendor name' },
      step: { tag: VC.intake },
      is_read: false,
      content_object_type: 'field',
      thread: thread.id,
    });

    // Someone else's mention: 404, and it stays unread.
    expect((await admin.get(MENTION_PATHS.markAsRead(message.id))).statusCode).toBe(404);
    expect(await unread(member)).toBe(1);
    // A GET that changes state: a browser's cross-site request is refused.
    const crossSite = await member.get(MENTION_PATHS.markAsRead(message.id), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await unread(member)).toBe(1);
    const read = await member.get(MENTION_PATHS.markAsRead(message.id));
    expect(read.statusCode).toBe(200);
    expect((await member.get(MENTION_PATHS.markAsRead(message.id))).statusCode).toBe(200);
    expect(await unread(member)).toBe(0);
    expect((await mentions(member)).results[0]?.is_read).toBe(true);

    const activity = await adminDb
      .selectFrom('workflow_activity')
      .select(['action', 'details'])
      .where('tenant_id', '=', t.id)
      .where('workflow_id', '=', String(workflowId))
      .execute();
    expect(
      activity.some(
        (a) => a.action === 'added' && (a.details as { event?: string }).event === 'comment_posted',
      ),
    ).toBe(true);
  });

  it('a group mention reaches its members who can see; someone who cannot see is refused (400)', async () => {
    const { t, admin, member, workflowId } = await setup();
    const group = await adminDb
      .insertInto('groups')
      .values({ tenant_id: t.id, name: 'Reviewers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await adminDb
      .insertInto('user_groups')
      .values([
        { tenant_id: t.id, group_id: group.id, user_id: String(t.users.member) },
        { tenant_id: t.id, group_id: group.id, user_id: String(t.users.admin) },
      ])
      .execute();
    const thread = await openThread(admin, workflowId);
    expect((await post(admin, thread.id, `@[Reviewers](group:${group.id})`)).statusCode).toBe(201);
    expect(await unread(member)).toBe(1);
    expect(await unread(admin)).toBe(0);

    const refused = await post(admin, thread.id, `@[Supplier](user:${t.users.supplier}) hello`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('cannot see');
    await adminDb
      .insertInto('user_groups')
      .values({ tenant_id: t.id, group_id: group.id, user_id: String(t.users.supplier) })
      .execute();
    expect((await post(admin, thread.id, `@[Reviewers](group:${group.id})`)).statusCode).toBe(400);
    // Nothing of the refused messages was kept.
    expect((await admin.get(MENTION_PATHS.threadMessages(thread.id))).json().count).toBe(1);
    expect((await post(admin, thread.id, '@[Ghost](user:999999999)')).statusCode).toBe(400);
  });

  it('edits and deletes own messages only; editing re-reads mentions', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    const message = MessageSchema.parse(
      (await post(admin, thread.id, `hi @[Member](user:${t.users.member})`)).json(),
    );
    expect((await patch(member, MENTION_PATHS.message(message.id), { body: 'x' })).statusCode).toBe(404);
    expect((await remove(member, MENTION_PATHS.message(message.id))).statusCode).toBe(404);
    const edited = await patch(admin, MENTION_PATHS.message(message.id), { body: 'hi, no mention now' });
    expect(edited.statusCode).toBe(200);
    expect(MessageSchema.parse(edited.json())).toMatchObject({
      body: 'hi, no mention now',
      mentioned_user_ids: [],
    });
    expect(await unread(member)).toBe(0);
    await patch(admin, MENTION_PATHS.message(message.id), {
      body: `again @[Member](user:${t.users.member})`,
    });
    expect(await unread(member)).toBe(1);
    expect((await remove(admin, MENTION_PATHS.message(message.id))).statusCode).toBe(204);
    expect(await unread(member)).toBe(0);
    expect((await admin.get(MENTION_PATHS.threadMessages(thread.id))).json().count).toBe(0);
    expect((await remove(admin, MENTION_PATHS.message(message.id))).statusCode).toBe(404);
  });

  it('pages user-mentions by 20, newest first', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    for (let i = 0; i < 22; i += 1) await post(admin, thread.id, `n${i} @[M](user:${t.users.member})`);
    const first = await mentions(member);
    expect(first.count).toBe(22);
    expect(first.results).toHaveLength(20);
    expect(first.results[0]?.message).toContain('n21');
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const second = await mentions(member, 2);
    expect(second.results.map((m) => m.message.split(' ')[0])).toEqual(['n1', 'n0']);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
  });

  it('hides everything from users without region access and from other tenants (404)', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    const message = MessageSchema.parse(
      (await post(admin, thread.id, `@[M](user:${t.users.member})`)).json(),
    );
    const supplier = await t.signedIn('supplier');
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('admin');
    for (const client of [supplier, outsider]) {
      expect((await client.get(MENTION_PATHS.workflowThreads(workflowId))).statusCode).toBe(404);
      expect((await client.post(MENTION_PATHS.workflowThreads(workflowId), {})).statusCode).toBe(404);
      expect((await client.get(MENTION_PATHS.threadMessages(thread.id))).statusCode).toBe(404);
      expect((await post(client, thread.id, 'hello')).statusCode).toBe(404);
      expect((await patch(client, MENTION_PATHS.message(message.id), { body: 'x' })).statusCode).toBe(404);
      expect((await client.get(MENTION_PATHS.markAsRead(message.id))).statusCode).toBe(404);
    }
    // Losing access hides the mention and refuses marking it; granting it back restores both.
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.member))
      .execute();
    expect(await unread(member)).toBe(0);
    expect((await mentions(member)).count).toBe(0);
    expect((await member.get(MENTION_PATHS.markAsRead(message.id))).statusCode).toBe(404);
    await grantRegion(adminDb, t.id, t.users.member, t.ids.region('Europe'), 'read');
    expect(await unread(member)).toBe(1);
    expect((await TestClient.forTenant(app, t.slug).get(MENTION_PATHS.unreadCount)).statusCode).toBe(401);
  });
});
