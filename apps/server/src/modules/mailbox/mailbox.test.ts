import {
  ADMIN_PATHS,
  MailboxMessageSchema,
  MailboxPageSchema,
  type PermissionCodename,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb, services } = await createTestApp();

async function tenantWithMail(count: number) {
  const tenant = await createTestTenant(adminDb);
  const grant: PermissionCodename = 'can_access_admin_settings';
  await adminDb
    .insertInto('user_permissions')
    .values({
      tenant_id: tenant.id,
      user_id: tenant.userIds[`admin@${tenant.slug}.test`] ?? '',
      codename: grant,
    })
    .execute();
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const queued = await withTenant(app.db, tenant.id, (tx) =>
      services.mail.queue(tx, tenant.id, {
        to: `r${i}@example.test`,
        subject: `Message ${i}`,
        text: `Body ${i}`,
      }),
    );
    ids.push(Number(queued.id));
  }
  return { tenant, ids };
}

async function signedIn(slug: string, who: 'admin' | 'member') {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(`${who}@${slug}.test`)).statusCode).toBe(200);
  return client;
}

describe('development mailbox', () => {
  it('lists the tenant e-mail newest first, paged', async () => {
    const { tenant } = await tenantWithMail(3);
    const client = await signedIn(tenant.slug, 'admin');
    const response = await client.get(`${ADMIN_PATHS.mailbox}?limit=2`);
    expect(response.statusCode).toBe(200);
    const page = MailboxPageSchema.parse(response.json());
    expect(page.count).toBe(3);
    expect(page.results.map((m) => m.subject)).toEqual(['Message 3', 'Message 2']);
    expect(page.results[0]).toMatchObject({
      to_address: 'r3@example.test',
      status: 'kept',
      text_body: 'Body 3',
    });
    expect(page.next).toBe(`${ADMIN_PATHS.mailbox}?limit=2&offset=2`);
    const second = MailboxPageSchema.parse((await client.get(page.next ?? '')).json());
    expect(second.results.map((m) => m.subject)).toEqual(['Message 1']);
    expect(second.previous).toBe(`${ADMIN_PATHS.mailbox}?limit=2&offset=0`);
  });

  it('shows one message', async () => {
    const { tenant, ids } = await tenantWithMail(1);
    const client = await signedIn(tenant.slug, 'admin');
    const response = await client.get(ADMIN_PATHS.mailboxMessage(ids[0] ?? 0));
    expect(response.statusCode).toBe(200);
    expect(MailboxMessageSchema.parse(response.json())).toMatchObject({ id: ids[0], subject: 'Message 1' });
  });

  it("answers 404 for another tenant's message and never lists it", async () => {
    const { tenant } = await tenantWithMail(1);
    const other = await tenantWithMail(2);
    const client = await signedIn(tenant.slug, 'admin');
    const response = await client.get(ADMIN_PATHS.mailboxMessage(other.ids[0] ?? 0));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    const page = MailboxPageSchema.parse((await client.get(ADMIN_PATHS.mailbox)).json());
    expect(page.count).toBe(1);
  });

  it('refuses people without can_access_admin_settings, and anonymous callers', async () => {
    const { tenant, ids } = await tenantWithMail(1);
    const member = await signedIn(tenant.slug, 'member');
    expect((await member.get(ADMIN_PATHS.mailbox)).statusCode).toBe(403);
    expect((await member.get(ADMIN_PATHS.mailboxMessage(ids[0] ?? 0))).statusCode).toBe(403);
    const anonymous = TestClient.forTenant(app, tenant.slug);
    expect((await anonymous.get(ADMIN_PATHS.mailbox)).statusCode).toBe(401);
  });

  it('lists the files sent with an e-mail and downloads them, only in their tenant', async () => {
    const { tenant } = await tenantWithMail(0);
    const csv = '\uFEFFName,Count\r\n=1+2,3\r\n';
    const queued = await withTenant(app.db, tenant.id, (tx) =>
      services.mail.queue(tx, tenant.id, {
        to: 'r@example.test',
        subject: 'With a file',
        text: 'See the file.',
        attachments: [
          {
            filename: 'lab-2026-11-22.csv',
            contentType: 'text/csv; charset=utf-8',
            content: Buffer.from(csv),
          },
        ],
      }),
    );
    const id = Number(queued.id);
    const client = await signedIn(tenant.slug, 'admin');
    const message = MailboxMessageSchema.parse((await client.get(ADMIN_PATHS.mailboxMessage(id))).json());
    expect(message.attachments).toEqual([
      {
        filename: 'lab-2026-11-22.csv',
        content_type: 'text/csv; charset=utf-8',
        size: Buffer.byteLength(csv),
      },
    ]);
    const file = await client.get(ADMIN_PATHS.mailboxAttachment(id, 0));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('lab-2026-11-22.csv');
    expect(file.body).toBe(csv);
    expect((await client.get(ADMIN_PATHS.mailboxAttachment(id, 1))).statusCode).toBe(404);

    const other = await tenantWithMail(0);
    const stranger = await signedIn(other.tenant.slug, 'admin');
    expect((await stranger.get(ADMIN_PATHS.mailboxAttachment(id, 0))).statusCode).toBe(404);
    const member = await signedIn(tenant.slug, 'member');
    expect((await member.get(ADMIN_PATHS.mailboxAttachment(id, 0))).statusCode).toBe(403);
  });

  it('refuses a bad page size and a bad id', async () => {
    const { tenant } = await tenantWithMail(0);
    const client = await signedIn(tenant.slug, 'admin');
    expect((await client.get(`${ADMIN_PATHS.mailbox}?limit=0`)).statusCode).toBe(400);
    expect((await client.get('/api/v1/dev/mailbox/abc/')).statusCode).toBe(400);
  });
});
