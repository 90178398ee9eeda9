import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openServices } from '../../open-services.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, createTestTenant } from '../../test/test-app.js';
import { withTenant } from '../tenant-transaction.js';
import { sweepQueuedMail } from './mail-delivery-job.js';
import { createMailer, MAIL_DELIVERY_QUEUE } from './mailer.js';
import { tenantPublicUrl } from './public-url.js';

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server on this machine: delivery is tested end to end, without mocks.
const received: Received[] = [];
const smtpPort = await freePort();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('bounce@')) return callback(new Error('Mailbox unavailable'));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const withSmtp = await createTestApp({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Attest <no-reply@attest.test>',
});
const withoutSmtp = await createTestApp();

async function outboxRow(tenantId: string, id: string) {
  return withSmtp.adminDb
    .selectFrom('outbox_emails')
    .select(['status', 'error', 'sent_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('mail delivery over SMTP', () => {
  it('queues in the caller transaction, then delivers to the SMTP server and marks it sent', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const { app, services } = withSmtp;
    const queued = await withTenant(app.db, tenant.id, (tx) =>
      services.mail.queue(tx, tenant.id, {
        to: 'reader@example.test',
        subject: 'Your sign-in code',
        text: 'Your code is 123456.',
      }),
    );
    expect(queued.status).toBe('queued');
    expect(await services.mail.deliverQueued(tenant.id)).toBe(1);

    const message = received.find((m) => m.to.includes('reader@example.test'));
    expect(message?.from).toBe('no-reply@attest.test');
    expect(message?.raw).toContain('Subject: Your sign-in code');
    expect(message?.raw).toContain('To: reader@example.test');
    expect(message?.raw).toContain('Your code is 123456.');
    expect(message?.raw).toContain('Auto-Submitted: auto-generated');
    const row = await outboxRow(tenant.id, queued.id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeInstanceOf(Date);
    // Delivered once: a second run finds nothing left to send.
    expect(await services.mail.deliverQueued(tenant.id)).toBe(0);
  });

  it('marks a refused delivery failed with the error and throws, so the job is retried', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const { app, services } = withSmtp;
    const queued = await withTenant(app.db, tenant.id, (tx) =>
      services.mail.queue(tx, tenant.id, { to: 'bounce@example.test', subject: 'Hello', text: 'Hi.' }),
    );
    await expect(services.mail.deliver(tenant.id, queued.id)).rejects.toThrow(/Mailbox unavailable/);
    const row = await outboxRow(tenant.id, queued.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/Mailbox unavailable/);
  });

  it("delivers only the tenant's own e-mail", async () => {
    const mine = await createTestTenant(withSmtp.adminDb);
    const other = await createTestTenant(withSmtp.adminDb);
    const { app, services } = withSmtp;
    const queued = await withTenant(app.db, other.id, (tx) =>
      services.mail.queue(tx, other.id, { to: 'other@example.test', subject: 'Other', text: 'Other.' }),
    );
    expect(await services.mail.deliver(mine.id, queued.id)).toBe('skipped');
    expect((await outboxRow(other.id, queued.id)).status).toBe('queued');
  });

  it('hands queued e-mail to the job queue after commit, once per e-mail', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const sent: { queue: string; data: object; key: string | undefined }[] = [];
    const mailer = createMailer({
      config: withSmtp.app.config,
      db: withSmtp.app.db,
      jobs: { send: async (queue, data, options) => sent.push({ queue, data, key: options?.singletonKey }) },
      log: () => {},
    });
    const queued = await withTenant(withSmtp.app.db, tenant.id, (tx) =>
      mailer.queue(tx, tenant.id, { to: 'a@example.test', subject: 'A', text: 'A.' }),
    );
    await mailer.dispatch([queued]);
    expect(sent).toEqual([
      {
        queue: MAIL_DELIVERY_QUEUE,
        data: { tenantId: tenant.id, emailId: queued.id },
        key: `${tenant.id}:${queued.id}`,
      },
    ]);
  });
});

describe('mail delivery through pg-boss', () => {
  it('delivers after commit through a real job worker', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const jobs = await openServices({
      config: withSmtp.app.config,
      adminUrl: inject('adminUrl'),
      pools: { db: withSmtp.app.db, adminDb: withSmtp.adminDb },
      log: () => {},
    });
    await jobs.start({ runWorkers: true });
    try {
      const mailer = createMailer({
        config: withSmtp.app.config,
        db: withSmtp.app.db,
        jobs: jobs.boss,
        log: () => {},
      });
      const queued = await withTenant(withSmtp.app.db, tenant.id, (tx) =>
        mailer.queue(tx, tenant.id, {
          to: 'job@example.test',
          subject: 'Through the queue',
          text: 'Queued.',
        }),
      );
      await mailer.dispatch([queued]);
      await expect
        .poll(async () => (await outboxRow(tenant.id, queued.id)).status, { timeout: 20_000, interval: 200 })
        .toBe('sent');
      expect(received.filter((m) => m.to.includes('job@example.test'))).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it('hands e-mail left queued for over a minute to the queue again', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const { app, adminDb, services } = withSmtp;
    const [stale, fresh] = await withTenant(app.db, tenant.id, async (tx) => [
      await services.mail.queue(tx, tenant.id, { to: 'stale@example.test', subject: 'S', text: 'S.' }),
      await services.mail.queue(tx, tenant.id, { to: 'fresh@example.test', subject: 'F', text: 'F.' }),
    ]);
    const other = await createTestTenant(adminDb);
    const elsewhere = await withTenant(app.db, other.id, (tx) =>
      services.mail.queue(tx, other.id, { to: 'elsewhere@example.test', subject: 'E', text: 'E.' }),
    );
    await sql`update outbox_emails set created_at = now() - interval '2 minutes'
      where id in (${stale?.id ?? ''}, ${elsewhere.id})`.execute(adminDb);
    const sent: object[] = [];
    const recorder = {
      send: async (_queue: string, data: object) => {
        sent.push(data);
        return null;
      },
    };
    await sweepQueuedMail(recorder, adminDb);
    expect(sent).toContainEqual({ tenantId: tenant.id, emailId: stale?.id });
    expect(sent).not.toContainEqual({ tenantId: tenant.id, emailId: fresh?.id });
    // Each handed once, under its own tenant: the sweep's role is not bound by row-level security.
    const handed = (id: string | undefined) =>
      sent.filter((job) => (job as { emailId: string }).emailId === id);
    expect(handed(stale?.id)).toEqual([{ tenantId: tenant.id, emailId: stale?.id }]);
    expect(handed(elsewhere.id)).toEqual([{ tenantId: other.id, emailId: elsewhere.id }]);
  });

  it('deletes sent and kept e-mail after 30 days, and keeps failed e-mail', async () => {
    const tenant = await createTestTenant(withSmtp.adminDb);
    const { app, adminDb, services } = withSmtp;
    const ids = await withTenant(app.db, tenant.id, async (tx) => {
      const out: string[] = [];
      for (const to of ['old-sent@example.test', 'old-failed@example.test', 'new-sent@example.test']) {
        out.push((await services.mail.queue(tx, tenant.id, { to, subject: 'X', text: 'X.' })).id);
      }
      return out;
    });
    const [oldSent, oldFailed, newSent] = ids;
    await sql`update outbox_emails set status = case when id = ${oldFailed} then 'failed' else 'sent' end
      where tenant_id = ${tenant.id}`.execute(adminDb);
    await sql`update outbox_emails set created_at = now() - interval '31 days'
      where tenant_id = ${tenant.id} and id in (${oldSent}, ${oldFailed})`.execute(adminDb);
    await sweepQueuedMail({ send: async () => null }, adminDb);
    const left = await adminDb
      .selectFrom('outbox_emails')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual([oldFailed, newSent]);
  });
});

describe('mail without SMTP', () => {
  it('keeps the e-mail in the outbox for the development mailbox and sends nothing', async () => {
    const tenant = await createTestTenant(withoutSmtp.adminDb);
    const { app, services } = withoutSmtp;
    const queued = await withTenant(app.db, tenant.id, (tx) =>
      services.mail.queue(tx, tenant.id, { to: 'kept@example.test', subject: 'Kept', text: 'Kept.' }),
    );
    expect(queued.status).toBe('kept');
    expect(await services.mail.deliver(tenant.id, queued.id)).toBe('skipped');
    expect(received.some((m) => m.to.includes('kept@example.test'))).toBe(false);
  });
});

describe('links in e-mails', () => {
  it("point at the tenant's own host, from PUBLIC_URL_SCHEME and PUBLIC_HOST", () => {
    const config = withoutSmtp.app.config;
    expect(tenantPublicUrl(config, 'acme', '/login/magic/confirm', { token: 'a b' })).toBe(
      'http://acme.localhost:3000/login/magic/confirm?token=a+b',
    );
    expect(
      tenantPublicUrl(
        { ...config, PUBLIC_URL_SCHEME: 'https', PUBLIC_HOST: 'attest.example' },
        'globex',
        '/x',
      ),
    ).toBe('https://globex.attest.example/x');
  });
});
