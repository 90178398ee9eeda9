import { ADMIN_PATHS, SIGN_IN_PATHS, UserSchema } from '@attest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../../test/admin-fixtures.js';
import { startOidcProvider } from '../../../test/oidc-provider.js';
import { SsoBrowser } from '../../../test/sso-browser.js';
import { addSsoProvider } from '../../../test/sso-fixtures.js';
import { createTestApp, TestClient } from '../../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const oidc = await startOidcProvider();
afterAll(() => oidc.close());

const ME = '/api/v1/users/me/';
const LOGOUT_URL = 'https://idp.example.com/logout';

// A tenant with an SSO provider added through the admin API, and its client at the provider.
async function tenantWithSso(options: { slug?: string } = {}) {
  const tenant = await createAdminTestTenant(adminDb);
  const admin = TestClient.forTenant(app, tenant.slug);
  await admin.signIn(tenant.admin);
  const slug = options.slug ?? 'corp';
  const { provider, groupId } = await addSsoProvider(admin, oidc, {
    tenantSlug: tenant.slug,
    slug,
    allowedEmailDomains: ['corp.test', `${tenant.slug}.test`],
    logoutRedirectUrl: LOGOUT_URL,
  });
  expect(provider.redirect_uri).toBe(`http://${tenant.slug}.localhost/api/v1/users/sso/${slug}/callback/`);
  return { tenant, admin, provider, groupId };
}

function browserFor(slug: string) {
  const client = TestClient.forTenant(app, slug);
  return { client, browser: new SsoBrowser(client, oidc.issuer) };
}

const authorize = (slug: string, query = '') => `${SIGN_IN_PATHS.ssoAuthorize(slug)}${query}`;

describe('single sign-on with OpenID Connect', () => {
  it('creates a new person just in time in the default group and brings them back to next', async () => {
    const { tenant, admin, groupId } = await tenantWithSso();
    const { client, browser } = browserFor(tenant.slug);
    oidc.signInAs({ sub: 'sub-new', email: 'New.Person@corp.test', given_name: 'Nia', family_name: 'New' });
    const { location } = await browser.open(authorize('corp', '?next=%2Fworkflows%2Finstances%3Fkind%3D3'));
    expect(location).toBe('/workflows/instances?kind=3');

    const me = UserSchema.parse((await client.get(ME)).json());
    expect(me).toMatchObject({
      email: 'new.person@corp.test',
      first_name: 'Nia',
      last_name: 'New',
      groups: [{ id: groupId, name: 'SSO people' }],
      kind: 1,
    });
    const session = await adminDb
      .selectFrom('sessions')
      .select('auth_method')
      .where('id', '=', me.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.auth_method).toBe('sso');
    const audit = (await admin.get(`${ADMIN_PATHS.auditEvents}?action=sso.user_created`)).json();
    expect(audit.results[0]).toMatchObject({ target: { id: me.id }, details: { provider: 'corp' } });

    // Logout hands the web app the provider's logout address.
    expect((await client.get('/api/v1/users/logout/')).json()).toEqual({ redirect_url: LOGOUT_URL });
  });

  it('signs a returning person in as the same user, through the identity, not the e-mail', async () => {
    const { tenant } = await tenantWithSso();
    oidc.signInAs({ sub: 'sub-returning', email: 'back@corp.test' });
    const first = browserFor(tenant.slug);
    await first.browser.open(authorize('corp'));
    const firstId = (await first.client.get(ME)).json().id;

    // Same subject, a changed e-mail at the provider: still the same account.
    oidc.signInAs({ sub: 'sub-returning', email: 'renamed@corp.test' });
    const second = browserFor(tenant.slug);
    const { location } = await second.browser.open(authorize('corp'));
    expect(location).toBe('/');
    expect((await second.client.get(ME)).json().id).toBe(firstId);
    const users = await adminDb.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).execute();
    expect(users).toHaveLength(4);
  });

  it('refuses an e-mail outside the allowed domains, and an unverified one', async () => {
    const { tenant } = await tenantWithSso();
    const { client, browser } = browserFor(tenant.slug);
    oidc.signInAs({ sub: 'sub-foreign', email: 'someone@elsewhere.test' });
    expect((await browser.open(authorize('corp'))).location).toBe(
      '/login?sso_error=email_domain_not_allowed',
    );
    expect((await client.get(ME)).statusCode).toBe(401);

    oidc.signInAs({ sub: 'sub-unverified', email: 'maybe@corp.test', email_verified: false });
    const other = browserFor(tenant.slug);
    expect((await other.browser.open(authorize('corp'))).location).toBe(
      '/login?sso_error=email_not_verified',
    );
    const created = await adminDb
      .selectFrom('users')
      .select('email')
      .where('tenant_id', '=', tenant.id)
      .where('email', 'in', ['someone@elsewhere.test', 'maybe@corp.test'])
      .execute();
    expect(created).toEqual([]);
  });

  it('never links an e-mail from the provider to an existing account', async () => {
    const { tenant } = await tenantWithSso();
    const { client, browser } = browserFor(tenant.slug);
    oidc.signInAs({ sub: 'sub-attacker', email: tenant.member });
    expect((await browser.open(authorize('corp'))).location).toBe('/login?sso_error=account_not_linked');
    expect((await client.get(ME)).statusCode).toBe(401);
    const identities = await adminDb
      .selectFrom('user_identities')
      .select('subject')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(identities).toEqual([]);
  });

  it('refuses a replayed callback, a callback from another browser and a forged state', async () => {
    const { tenant } = await tenantWithSso();
    const { client, browser } = browserFor(tenant.slug);
    oidc.signInAs({ sub: 'sub-replay', email: 'replay@corp.test' });
    await browser.open(authorize('corp'));
    const callback = browser.callbackPath ?? '';
    expect(callback).toContain('code=');

    // The victim's browser never started this login: login CSRF is refused.
    const victim = TestClient.forTenant(app, tenant.slug);
    const planted = await victim.get(callback);
    expect(planted.headers.location).toBe('/login?sso_error=invalid_state');
    expect((await victim.get(ME)).statusCode).toBe(401);

    // The same browser replaying its own finished login: the state was used up.
    const state = new URL(callback, 'http://x').searchParams.get('state') ?? '';
    client.cookies.set('sso_state', state);
    expect((await client.get(callback)).headers.location).toBe('/login?sso_error=invalid_state');
    client.cookies.set('sso_state', 'forged');
    const forged = `${SIGN_IN_PATHS.ssoCallback('corp')}?code=x&state=forged`;
    expect((await client.get(forged)).headers.location).toBe('/login?sso_error=invalid_state');
  });

  it('ends a popup login on the close screen, drops an unsafe next, and reports a cancelled login', async () => {
    const { tenant } = await tenantWithSso();
    oidc.signInAs({ sub: 'sub-popup', email: 'popup@corp.test' });
    const popup = browserFor(tenant.slug);
    expect((await popup.browser.open(authorize('corp', '?popup=1&next=%2Freports'))).location).toBe(
      '/login/close',
    );
    expect((await popup.client.get(ME)).statusCode).toBe(200);

    const unsafe = browserFor(tenant.slug);
    expect((await unsafe.browser.open(authorize('corp', '?next=%2F%2Fevil.test'))).location).toBe('/');

    const cancelled = TestClient.forTenant(app, tenant.slug);
    const started = await cancelled.get(authorize('corp'));
    const state = new URL(String(started.headers.location)).searchParams.get('state');
    const back = await cancelled.get(
      `${SIGN_IN_PATHS.ssoCallback('corp')}?error=access_denied&state=${state}`,
    );
    expect(back.headers.location).toBe('/login?sso_error=access_denied');
  });

  it('sends a person with an authenticator app to the MFA step, keeping next', async () => {
    const { tenant } = await tenantWithSso();
    oidc.signInAs({ sub: 'sub-mfa', email: 'careful@corp.test' });
    const first = browserFor(tenant.slug);
    await first.browser.open(authorize('corp'));
    const userId = (await first.client.get(ME)).json().id;
    await adminDb
      .insertInto('user_totp')
      .values({
        tenant_id: tenant.id,
        user_id: String(userId),
        secret_encrypted: 'x',
        confirmed_at: new Date(),
      })
      .execute();

    const second = browserFor(tenant.slug);
    const { location } = await second.browser.open(authorize('corp', '?next=%2Freports'));
    expect(location).toBe('/login/mfa?next=%2Freports');
    expect(second.client.cookies.has('mfa_challenge')).toBe(true);
    expect((await second.client.get(ME)).statusCode).toBe(401);
  });

  it("lists only enabled providers, and never lets one tenant's provider serve another tenant", async () => {
    const { tenant, admin, provider } = await tenantWithSso();
    const other = await createAdminTestTenant(adminDb);
    const anonymous = TestClient.forTenant(app, tenant.slug);
    expect((await anonymous.get(SIGN_IN_PATHS.ssoProviders)).json()).toEqual({
      results: [{ slug: 'corp', display_name: 'Corp login' }],
    });
    const elsewhere = TestClient.forTenant(app, other.slug);
    expect((await elsewhere.get(SIGN_IN_PATHS.ssoProviders)).json()).toEqual({ results: [] });
    expect((await elsewhere.get(authorize('corp'))).statusCode).toBe(404);
    expect((await elsewhere.get(`${SIGN_IN_PATHS.ssoCallback('corp')}?code=x&state=y`)).statusCode).toBe(404);

    await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.ssoProvider(provider.id),
      payload: { enabled: false },
    });
    expect((await anonymous.get(SIGN_IN_PATHS.ssoProviders)).json()).toEqual({ results: [] });
    expect((await anonymous.get(authorize('corp'))).statusCode).toBe(404);
  });

  it('sends the person back to the login page when the provider cannot be reached', async () => {
    const { tenant, admin, provider } = await tenantWithSso();
    await admin.request({
      method: 'PATCH',
      url: ADMIN_PATHS.ssoProvider(provider.id),
      payload: { issuer: 'http://127.0.0.1:9/' },
    });
    const client = TestClient.forTenant(app, tenant.slug);
    const response = await client.get(authorize('corp'));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?sso_error=provider_unavailable');
  });
});
