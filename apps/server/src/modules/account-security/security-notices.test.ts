import { ACCOUNT_PATHS } from '@attest/shared';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

// What lands in the person's inbox (the outbox, before delivery), newest last.
async function noticesTo(db: Db, tenantId: string, email: string) {
  const rows = await db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body'])
    .where('tenant_id', '=', tenantId)
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
  return rows;
}

describe('security notices (ASVS 2.2.3, 2.5.5)', () => {
  it('tells the person when their password changes, with when and from where', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    const response = await client.post(ACCOUNT_PATHS.changePassword, {
      current_password: TEST_PASSWORD,
      new_password: 'violet-tugboat-orbit-42',
    });
    expect(response.statusCode).toBe(200);
    const [notice] = await noticesTo(adminDb, tenant.id, email);
    expect(notice?.subject).toBe('Attest: Your password was changed');
    expect(notice?.text_body).toContain('Hello Max,');
    expect(notice?.text_body).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, from the address /);
    expect(notice?.text_body).toContain('If it was not, sign in and change your password at once');
  });

  it('sends nothing when the change is refused', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    const refused = await client.post(ACCOUNT_PATHS.changePassword, {
      current_password: 'not-the-password',
      new_password: 'violet-tugboat-orbit-42',
    });
    expect(refused.statusCode).toBe(400);
    expect(await noticesTo(adminDb, tenant.id, email)).toEqual([]);
  });

  it('tells the person when an authenticator app is added, its codes renewed, and it is removed', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email);
    const { secret } = (await client.post(ACCOUNT_PATHS.totpSetup, {})).json();
    const confirmed = await client.post(ACCOUNT_PATHS.totpConfirm, { code: await generate({ secret }) });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.post(ACCOUNT_PATHS.recoveryCodes, {})).statusCode).toBe(200);
    expect((await client.post(ACCOUNT_PATHS.totpDisable, { password: TEST_PASSWORD })).statusCode).toBe(204);

    const subjects = (await noticesTo(adminDb, tenant.id, email)).map((n) => n.subject);
    expect(subjects).toEqual([
      'Attest: An authenticator app was added to your account',
      'Attest: New recovery codes were created for your account',
      'Attest: The authenticator app was removed from your account',
    ]);
  });
});
