import { MENTION_PATHS, SUBSCRIPTION_PATHS } from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openServices } from '../../open-services.js';
import { collaborationSetup, openThread, post, put, remove } from '../../test/collaboration-fixtures.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';
import { createTestApp } from '../../test/test-app.js';
import { VC } from '../../test/workflow-fixtures.js';
import { THREAD_EMAIL_QUEUE } from './comment-fanout.js';
import { createThreadEmails } from './thread-emails.js';

const smtp = await startSmtpReceiver();
const received = smtp.received;
const { app, adminDb, services } = await createTestApp({ SMTP_URL: smtp.url });
const setup = () => collaborationSetup(app, adminDb);
const { mailTo } = smtp;

async function deliverComments(tenantId: string) {
  const written = await services.threadEmails.sendPending(tenantId);
  await services.mail.deliverQueued(tenantId);
  return written;
}

describe('comment e-mails', () => {
  it('sends ONE e-mail listing two comments to a subscriber, none to the author, with html escaped', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId, { field_tag: VC.name });
    await post(member, thread.id, 'I follow this');
    await deliverComments(t.id);
    const before = received.length;

    await post(admin, thread.id, 'First remark');
    await post(admin, thread.id, 'Second <script>alert(1)</script> & more');
    expect(await deliverComments(t.id)).toBe(1);
    expect(received.length).toBe(before + 1);
    expect(mailTo(t.email('admin'))).toHaveLength(0);
    const [mail] = mailTo(t.email('member'));
    expect(mail?.subject).toContain(`New comments on Check ${t.slug}`);
    expect(mail?.text).toContain('2 new comments');
    expect(mail?.text).toContain('First remark');
    expect(mail?.text).toContain('Second <script>alert(1)</script> & more');
    expect(mail?.text).toContain('Ada Admin on');
    expect(mail?.text).toContain('Vendor name');
    expect(mail?.text).toContain(`/process/${workflowId}?thread=${thread.id}`);
    expect(mail?.text).toContain('you are subscribed');
    expect(mail?.text).toContain('/mysubscriptions/');
    expect(mail?.html).toContain('Second &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail?.html).not.toContain('<script>');
    // Sent once: nothing is left pending.
    expect(await deliverComments(t.id)).toBe(0);
  });

  it('an unsubscribed user gets none unless mentioned; a mentioned user is e-mailed', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    await post(member, thread.id, 'mine');
    expect((await put(member, SUBSCRIPTION_PATHS.thread(thread.id), { subscribed: false })).statusCode).toBe(
      200,
    );
    await post(admin, thread.id, 'nobody is told');
    expect(await deliverComments(t.id)).toBe(0);
    expect(mailTo(t.email('member'))).toHaveLength(0);

    await post(admin, thread.id, `Look at this @[Max Member](user:${t.users.member})`);
    expect(await deliverComments(t.id)).toBe(1);
    const [mail] = mailTo(t.email('member'));
    expect(mail?.subject).toContain('New comment on');
    expect(mail?.text).toContain('Look at this @Max Member');
    expect(mail?.text).not.toContain('(user:');
    expect(mail?.text).toContain('you were mentioned');
    expect(mail?.html).toContain('<strong>@Max Member</strong>');
  });

  it('leaves out comments deleted before the e-mail, and workflows the reader can no longer see', async () => {
    const { t, admin, member, workflowId } = await setup();
    const thread = await openThread(admin, workflowId);
    await post(member, thread.id, 'following');
    const gone = await post(admin, thread.id, 'regret this');
    expect((await remove(admin, MENTION_PATHS.message(gone.id))).statusCode).toBe(204);
    expect(await deliverComments(t.id)).toBe(0);

    await post(admin, thread.id, 'after access is lost');
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.member))
      .execute();
    expect(await deliverComments(t.id)).toBe(0);
    expect(mailTo(t.email('member'))).toHaveLength(0);
  });
});

describe('comment e-mails through pg-boss', () => {
  it('groups the comments of the delay window into one e-mail, one job per person', async () => {
    const { t, admin, member, workflowId } = await setup();
    const jobs = await openServices({
      config: app.config,
      adminUrl: inject('adminUrl'),
      pools: { db: app.db, adminDb },
      log: () => {},
    });
    await jobs.start({ runWorkers: true });
    try {
      const announcer = createThreadEmails({
        config: { ...app.config, THREAD_EMAIL_DELAY_SECONDS: 2 },
        db: app.db,
        mail: services.mail,
        jobs: jobs.boss,
        log: () => {},
      });
      const thread = await openThread(admin, workflowId);
      await post(member, thread.id, 'following');
      // The app under test has no job queue: announce as a request would, with this one.
      for (const body of ['one', 'two']) {
        await post(admin, thread.id, body);
        await announcer.announce(
          { tenantId: t.id, events: [], emailUserIds: [String(t.users.member)] },
          services.realtime,
        );
      }
      const waiting = await adminDb
        .selectFrom(sql`pgboss.job`.as('j'))
        .select(sql<number>`count(*)::int`.as('n'))
        .where(sql`name`, '=', THREAD_EMAIL_QUEUE)
        .where(sql`singleton_key`, '=', `${t.id}:${t.users.member}`)
        .executeTakeFirstOrThrow();
      expect(waiting.n).toBe(1);
      await expect.poll(() => mailTo(t.email('member')).length, { timeout: 25_000, interval: 250 }).toBe(1);
      const [mail] = mailTo(t.email('member'));
      expect(mail?.text).toContain('2 new comments');
      expect(mail?.text).toMatch(/one[\s\S]*two/);
    } finally {
      await jobs.stop();
    }
  }, 40_000);
});
