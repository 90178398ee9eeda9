import { MENTION_PATHS, MessageSchema, NOTIFICATION_PATHS, NotificationsPageSchema } from '@attest/shared';
import { describe, expect, it, vi } from 'vitest';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { collaborationSetup, openThread, post } from '../../test/collaboration-fixtures.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';
import { createTestApp } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { postIntegrationResult } from './integration-results.js';

const smtp = await startSmtpReceiver();
const { app, adminDb, services } = await createTestApp({ SMTP_URL: smtp.url });
const setup = () => collaborationSetup(app, adminDb);
const { mailTo } = smtp;

async function deliverComments(tenantId: string) {
  const written = await services.threadEmails.sendPending(tenantId);
  await services.mail.deliverQueued(tenantId);
  return written;
}

describe('notifications', () => {
  it('a mention and a followed comment notify; list, read and mark-all are own only', async () => {
    const { t, admin, member, workflowId } = await setup();
    const spy = vi.spyOn(services.realtime, 'publish');
    try {
      const thread = await openThread(admin, workflowId, { step_tag: VC.intake });
      await post(member, thread.id, 'following');
      const mention = await post(admin, thread.id, `@[Max Member](user:${t.users.member}) please`);
      await post(admin, thread.id, 'and a plain comment');

      const published = spy.mock.calls.flatMap(([events]) => events as OutgoingEvent[]);
      expect(published).toContainEqual(
        expect.objectContaining({
          type: 'thread.message',
          channel: `private-tenant-${t.id}-workflow-${workflowId}`,
          group: 'discussion',
          data: { thread_id: thread.id, message_id: mention.id, action: 'posted' },
        }),
      );
      expect(published).toContainEqual(
        expect.objectContaining({
          type: 'mentions.changed',
          channel: `private-tenant-${t.id}-user-${t.users.member}`,
          data: { unread_count: 1 },
        }),
      );
      expect(published).toContainEqual(
        expect.objectContaining({
          type: 'notification.created',
          channel: `private-tenant-${t.id}-user-${t.users.member}`,
        }),
      );

      const list = NotificationsPageSchema.parse((await member.get(NOTIFICATION_PATHS.list)).json());
      // The mention, then the comment on the thread they follow: one notification each, newest first.
      expect(list.results.map((n) => n.kind)).toEqual(['thread_comment', 'mention']);
      expect(list.results[1]).toMatchObject({
        group: 'discussion',
        level: 'info',
        actor: { id: t.users.admin, name: 'Ada Admin' },
        workflow: { id: workflowId, name: `Check ${t.slug}` },
        params: { thread_id: thread.id, message_id: mention.id, target: 'step' },
        is_read: false,
      });
      expect(list.results[1]?.link).toMatch(
        new RegExp(`^/process/${workflowId}\\?thread=${thread.id}&group=.+&step=${VC.intake}$`),
      );
      expect((await admin.get(NOTIFICATION_PATHS.list)).json().count).toBe(0);
      expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 2 });

      const id = list.results[0]?.id ?? 0;
      expect((await admin.post(NOTIFICATION_PATHS.markRead(id), {})).statusCode).toBe(404);
      const foreign = await workflowTestTenant(app, adminDb);
      const outsider = await foreign.signedIn('admin');
      expect((await outsider.post(NOTIFICATION_PATHS.markRead(id), {})).statusCode).toBe(404);
      spy.mockClear();
      const read = await member.post(NOTIFICATION_PATHS.markRead(id), {});
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ id, is_read: true });
      expect(spy.mock.calls.flatMap(([events]) => events as OutgoingEvent[])).toContainEqual(
        expect.objectContaining({ type: 'notifications.changed', data: { unread_count: 1 } }),
      );
      expect((await member.post(NOTIFICATION_PATHS.markRead(id), {})).statusCode).toBe(200);
      const unread = NotificationsPageSchema.parse(
        (await member.get(`${NOTIFICATION_PATHS.list}?unread=true`)).json(),
      );
      expect(unread.results.map((n) => n.kind)).toEqual(['mention']);

      const all = await member.post(NOTIFICATION_PATHS.markAllRead, {});
      expect(all.json()).toEqual({ marked: 1 });
      expect((await member.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({ count: 0 });
      expect((await member.get(NOTIFICATION_PATHS.list)).json().count).toBe(2);
      expect((await member.get(`${NOTIFICATION_PATHS.list}?unread=true`)).json().count).toBe(0);

      // Reading the mention tells the reader's open pages their new mention count.
      spy.mockClear();
      expect((await member.get(MENTION_PATHS.markAsRead(mention.id))).statusCode).toBe(200);
      expect(spy.mock.calls.flatMap(([events]) => events as OutgoingEvent[])).toEqual([
        expect.objectContaining({
          type: 'mentions.changed',
          channel: `private-tenant-${t.id}-user-${t.users.member}`,
          data: { unread_count: 0 },
        }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('edited comments', () => {
  it('a mention added by an edit notifies and e-mails once; an edit without one tells nobody new', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    const message = await post(admin, thread.id, 'draft');
    const edit = (body: string) =>
      admin.request({ method: 'PATCH', url: MENTION_PATHS.message(message.id), payload: { body } });
    expect((await edit('draft, reworded')).statusCode).toBe(200);
    expect((await member.get(NOTIFICATION_PATHS.list)).json().count).toBe(0);
    expect((await edit(`now for @[Max Member](user:${t.users.member})`)).statusCode).toBe(200);
    expect((await edit(`now for @[Max Member](user:${t.users.member}), again`)).statusCode).toBe(200);
    const list = NotificationsPageSchema.parse((await member.get(NOTIFICATION_PATHS.list)).json());
    expect(list.results.map((n) => n.kind)).toEqual(['mention']);
    expect(await deliverComments(t.id)).toBe(1);
    expect(mailTo(t.email('member'))[0]?.text).toContain('now for @Max Member, again');
  });
});

describe('integration results', () => {
  it("posts a run's outcome in its step's thread, mentioning who started it, e-mailed to subscribers", async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId, { step_tag: VC.intake });
    await post(admin, thread.id, 'watching this step');
    const run = await adminDb
      .insertInto('integration_runs')
      .values({
        tenant_id: t.id,
        workflow_id: String(workflowId),
        step_tag: VC.intake,
        connector: 'sanctions_screening',
        state: 'finished',
        created_by: String(t.users.member),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const effects = await withTenant(app.db, t.id, (tx) =>
      postIntegrationResult(tx, t.id, {
        id: run.id,
        workflow_id: String(workflowId),
        step_tag: VC.intake,
        connector: 'sanctions_screening',
        state: 'finished',
        error: null,
        result: { outcome: 'no_match' },
      }),
    );
    expect(effects.events.map((e) => e.type)).toContain('thread.message');

    const messages = (await admin.get(MENTION_PATHS.threadMessages(thread.id))).json().results;
    const posted = MessageSchema.parse(messages[1]);
    expect(posted).toMatchObject({
      author: null,
      integration_result: { id: Number(run.id), connector: 'sanctions_screening', state: 'finished' },
      mentioned_user_ids: [t.users.member],
    });
    expect(posted.body).toContain('Sanctions screening finished: no match');

    const mentions = (await member.get(MENTION_PATHS.userMentions)).json().results;
    expect(mentions[0]).toMatchObject({
      posted_by: null,
      thread: thread.id,
      content_object_type: 'step',
      integration_result: { id: Number(run.id), connector: 'sanctions_screening', state: 'finished' },
    });
    // Comments by people carry no integration result.
    expect(MessageSchema.parse(messages[0]).integration_result).toBeNull();

    expect(await deliverComments(t.id)).toBe(2);
    const [toAdmin] = mailTo(t.email('admin'));
    expect(toAdmin?.text).toContain('Sanctions screening (integration) on');
    expect(toAdmin?.text).toContain('Sanctions screening finished: no match');
  });

  it('creates the step thread when there is none, and says why a run failed', async () => {
    const { t, admin, workflowId } = await setup();
    const run = await adminDb
      .insertInto('integration_runs')
      .values({
        tenant_id: t.id,
        workflow_id: String(workflowId),
        step_tag: VC.intake,
        connector: 'sanctions_screening',
        state: 'failed',
        error: 'The supplier name is not answered, so there is nobody to screen.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await withTenant(app.db, t.id, (tx) =>
      postIntegrationResult(tx, t.id, {
        id: run.id,
        workflow_id: String(workflowId),
        step_tag: VC.intake,
        connector: 'sanctions_screening',
        state: 'failed',
        error: 'The supplier name is not answered, so there is nobody to screen.',
      }),
    );
    const threads = (await admin.get(MENTION_PATHS.workflowThreads(workflowId))).json().results;
    expect(threads).toEqual([
      expect.objectContaining({ step_tag: VC.intake, content_object_type: 'step', message_count: 1 }),
    ]);
    const messages = (await admin.get(MENTION_PATHS.threadMessages(threads[0].id))).json().results;
    expect(messages[0].body).toBe(
      'Sanctions screening failed: The supplier name is not answered, so there is nobody to screen.',
    );
  });
});
