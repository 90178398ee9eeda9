import { ADMIN_PATHS, MintClaimTokenResponseSchema, SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../../test/test-app.js';

const { app, adminDb } = await createTestApp();

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

async function anonymous(slug: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  await client.get('/api/v1/customers/configuration/');
  return client;
}

async function mint(client: TestClient, next?: string) {
  const response = await client.post(SIGN_IN_PATHS.mintClaimToken, next === undefined ? {} : { next });
  expect(response.statusCode).toBe(200);
  return MintClaimTokenResponseSchema.parse(response.json());
}

async function enrolTotp(tenantId: string, user: number): Promise<void> {
  await adminDb
    .insertInto('user_totp')
    .values({
      tenant_id: tenantId,
      user_id: String(user),
      secret_encrypted: 'sealed',
      confirmed_at: new Date(),
    })
    .execute();
}

describe('claim tokens', () => {
  it('mints a 60-second token that signs another view in once, with the safe next path', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const minted = await mint(await signedIn(tenant.slug, email), '/reports/7');
    const seconds = (Date.parse(minted.expires_at) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);

    const view = await anonymous(tenant.slug);
    const claimed = await view.post(SIGN_IN_PATHS.claimToken, { token: minted.token });
    expect(claimed.statusCode).toBe(200);
    expect(UserSchema.parse(claimed.json()).email).toBe(email);
    expect(claimed.json().next_path).toBe('/reports/7');
    expect((await view.get('/api/v1/users/me/')).statusCode).toBe(200);

    const reuse = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.claimToken, {
      token: minted.token,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      detail: 'This token has expired or has already been used.',
      code: 'TOKEN_EXPIRED_INVALID',
    });
  });

  it('refuses an expired token', async () => {
    const tenant = await createTestTenant(adminDb);
    const minted = await mint(await signedIn(tenant.slug, `member@${tenant.slug}.test`));
    await adminDb
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const response = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.claimToken, {
      token: minted.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });

  it('asks for MFA when the minting session had not passed it, and not when it had', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `member@${tenant.slug}.test`;
    const member = userId(tenant, email);
    // Signed in before enrolling: this session has not passed MFA.
    const client = await signedIn(tenant.slug, email);
    await enrolTotp(tenant.id, member);
    const unverified = await mint(client);
    const challenged = await (await anonymous(tenant.slug)).post(SIGN_IN_PATHS.claimToken, {
      token: unverified.token,
    });
    expect(challenged.json()).toEqual({ mfa: { requires_mfa_verification: true }, next_path: null });

    await adminDb
      .updateTable('sessions')
      .set({ mfa_verified: true })
      .where('tenant_id', '=', tenant.id)
      .where('user_id', '=', String(member))
      .execute();
    const verified = await mint(client);
    const view = await anonymous(tenant.slug);
    const signed = await view.post(SIGN_IN_PATHS.claimToken, { token: verified.token });
    expect(UserSchema.parse(signed.json()).email).toBe(email);
    const session = await adminDb
      .selectFrom('sessions')
      .select(['auth_method', 'mfa_verified'])
      .where('tenant_id', '=', tenant.id)
      .where('auth_method', '=', 'claim_token')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ auth_method: 'claim_token', mfa_verified: true });
  });

  it('needs a signed-in session to mint, and refuses a malformed token', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = await anonymous(tenant.slug);
    expect((await client.post(SIGN_IN_PATHS.mintClaimToken, {})).statusCode).toBe(401);
    const short = await client.post(SIGN_IN_PATHS.claimToken, { token: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'invalid', errors: { token: [expect.any(String)] } });
  });

  it("never accepts one tenant's token on another tenant's host", async () => {
    const tenant = await createTestTenant(adminDb);
    const other = await createTestTenant(adminDb);
    const minted = await mint(await signedIn(tenant.slug, `member@${tenant.slug}.test`));
    const response = await (await anonymous(other.slug)).post(SIGN_IN_PATHS.claimToken, {
      token: minted.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_EXPIRED_INVALID');
  });

  it('is not minted while impersonating (434), so an impersonation never becomes a plain session', async () => {
    const tenant = await createTestTenant(adminDb);
    const admin = `admin@${tenant.slug}.test`;
    await grant(adminDb, tenant.id, userId(tenant, admin), ['can_impersonate_users']);
    const client = await signedIn(tenant.slug, admin);
    const started = await client.post(ADMIN_PATHS.impersonate, {
      user_id: userId(tenant, `member@${tenant.slug}.test`),
    });
    expect(started.statusCode).toBe(200);
    const response = await client.post(SIGN_IN_PATHS.mintClaimToken, {});
    expect(response.statusCode).toBe(434);
    expect(response.json()).toMatchObject({ code: 'impersonation_error', error_tag: 'action_not_allowed' });
  });
});
