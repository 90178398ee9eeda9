import {
  MentionableSchema,
  SUBSCRIPTION_PATHS,
  ThreadSubscriptionsPageSchema,
  UserListSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  collaborationSetup,
  openThread,
  post,
  put,
  remove,
  subscribed,
} from '../../test/collaboration-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();
const setup = () => collaborationSetup(app, adminDb);

describe('thread subscriptions', () => {
  it('posting subscribes the author; put and unsubscribe change it and are remembered', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId, { step_tag: VC.intake });
    expect(await subscribed(member, thread.id)).toBe(false);
    await post(member, thread.id, 'first');
    expect(await subscribed(member, thread.id)).toBe(true);

    const mine = ThreadSubscriptionsPageSchema.parse((await member.get(SUBSCRIPTION_PATHS.mine)).json());
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({
      thread: thread.id,
      workflow: { id: workflowId, name: `Check ${t.slug}` },
      content_object_type: 'step',
      step: { tag: VC.intake },
      field: null,
      message_count: 1,
    });
    expect(mine.results[0]?.last_message_at).not.toBeNull();

    // Someone else's subscription is not theirs to end.
    const subscriptionId = mine.results[0]?.id ?? 0;
    expect((await remove(admin, SUBSCRIPTION_PATHS.one(subscriptionId))).statusCode).toBe(404);
    expect((await remove(member, SUBSCRIPTION_PATHS.one(subscriptionId))).statusCode).toBe(204);
    expect(await subscribed(member, thread.id)).toBe(false);
    expect((await member.get(SUBSCRIPTION_PATHS.mine)).json().count).toBe(0);
    // An unsubscribe is a choice: posting again does not subscribe back.
    await post(member, thread.id, 'second');
    expect(await subscribed(member, thread.id)).toBe(false);

    const on = await put(member, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ thread: thread.id, subscribed: true });
    expect((await member.get(SUBSCRIPTION_PATHS.mine)).json().count).toBe(1);
    expect((await put(member, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: 'yes' })).statusCode).toBe(
      400,
    );
    expect(
      (await put(member, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: true, extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('pages my subscriptions, newest first', async () => {
    const { admin, workflowId } = await setup();
    const threads = [
      await openThread(admin, workflowId),
      await openThread(admin, workflowId, { step_tag: VC.intake }),
      await openThread(admin, workflowId, { field_tag: VC.name }),
    ];
    for (const thread of threads) {
      expect((await put(admin, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: true })).statusCode).toBe(
        200,
      );
    }
    const first = ThreadSubscriptionsPageSchema.parse(
      (await admin.get(`${SUBSCRIPTION_PATHS.mine}?limit=2`)).json(),
    );
    expect(first.count).toBe(3);
    expect(first.results.map((s) => s.thread)).toEqual([threads[2]?.id, threads[1]?.id]);
    expect(first.results[0]).toMatchObject({ content_object_type: 'field', field: { tag: VC.name } });
    expect(first.next).toContain('offset=2');
    const second = ThreadSubscriptionsPageSchema.parse((await admin.get(first.next ?? '')).json());
    expect(second.results.map((s) => s.thread)).toEqual([threads[0]?.id]);
  });

  it('answers 404 for threads and subscriptions the user cannot see or of another tenant', async () => {
    const { t, admin, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    await post(admin, thread.id, 'hello');
    const subscriptionId = ThreadSubscriptionsPageSchema.parse(
      (await admin.get(SUBSCRIPTION_PATHS.mine)).json(),
    ).results[0]?.id;
    const supplier = await t.signedIn('supplier');
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('admin');
    for (const client of [supplier, outsider]) {
      expect((await client.get(SUBSCRIPTION_PATHS.thread(thread.id))).statusCode).toBe(404);
      expect((await put(client, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: true })).statusCode).toBe(
        404,
      );
      expect((await remove(client, SUBSCRIPTION_PATHS.one(subscriptionId ?? 0))).statusCode).toBe(404);
      expect((await client.get(SUBSCRIPTION_PATHS.mine)).json().count).toBe(0);
    }
    expect(await subscribed(admin, thread.id)).toBe(true);
  });
});

describe('people', () => {
  it('lists active users for subscription: all with limit=none, paged with a literal q', async () => {
    const { t, admin } = await setup();
    await adminDb
      .insertInto('users')
      .values([
        { tenant_id: t.id, email: `percent@${t.slug}.test`, first_name: 'Paula', last_name: '100% Sure' },
        {
          tenant_id: t.id,
          email: `gone@${t.slug}.test`,
          first_name: 'Gone',
          last_name: 'Away',
          is_active: false,
        },
      ])
      .execute();
    const all = UserListSchema.parse((await admin.get(`${SUBSCRIPTION_PATHS.userList}?limit=none`)).json());
    expect(all.results.map((u) => u.name)).toEqual([
      'Ada Admin',
      'Max Member',
      'Paula 100% Sure',
      expect.any(String),
    ]);
    expect(all.count).toBe(4);
    expect(all.next).toBeNull();
    const page = UserListSchema.parse((await admin.get(`${SUBSCRIPTION_PATHS.userList}?limit=2`)).json());
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
    const percent = UserListSchema.parse((await admin.get(`${SUBSCRIPTION_PATHS.userList}?q=%25`)).json());
    expect(percent.results.map((u) => u.email)).toEqual([`percent@${t.slug}.test`]);
    const underscore = UserListSchema.parse((await admin.get(`${SUBSCRIPTION_PATHS.userList}?q=_`)).json());
    expect(underscore.count).toBe(0);
    const byMail = UserListSchema.parse((await admin.get(`${SUBSCRIPTION_PATHS.userList}?q=MEMBER@`)).json());
    expect(byMail.results.map((u) => u.name)).toEqual(['Max Member']);
    // A supplier (third-party) user is not shown the tenant's directory.
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(`${SUBSCRIPTION_PATHS.userList}?limit=none`)).statusCode).toBe(403);
  });

  it('offers users who can see the workflow, then groups; 404 when the workflow is not visible', async () => {
    const { t, admin, workflowId } = await setup();
    await adminDb.insertInto('groups').values({ tenant_id: t.id, name: 'Mavericks' }).execute();
    const everyone = MentionableSchema.parse(
      (await admin.get(SUBSCRIPTION_PATHS.mentionable(workflowId))).json(),
    );
    const names = everyone.results.map((r) => `${r.type}:${r.name}`);
    // The supplier has no access to the workflow's region, so cannot be offered.
    expect(names).toContain('user:Max Member');
    expect(names).toContain('user:Ada Admin');
    expect(names.some((n) => n.includes('Supplier') || n.includes('supplier'))).toBe(false);
    expect(names.findIndex((n) => n.startsWith('group:'))).toBeGreaterThan(
      names.findLastIndex((n) => n.startsWith('user:')),
    );
    const ma = MentionableSchema.parse(
      (await admin.get(`${SUBSCRIPTION_PATHS.mentionable(workflowId)}?q=ma`)).json(),
    );
    expect(ma.results.map((r) => `${r.type}:${r.name}`)).toEqual(['user:Max Member', 'group:Mavericks']);
    expect(ma.results[1]).toMatchObject({ email: null, member_count: 0 });
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(SUBSCRIPTION_PATHS.mentionable(workflowId))).statusCode).toBe(404);
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('admin');
    expect((await outsider.get(SUBSCRIPTION_PATHS.mentionable(workflowId))).statusCode).toBe(404);
  });
});
