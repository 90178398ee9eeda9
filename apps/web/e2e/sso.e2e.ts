import { ADMIN_PATHS, CSRF_COOKIE, CSRF_HEADER } from '@attest/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../server/src/test/oidc-provider.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { ADMIN, createPeopleTenant } from './support/people.js';

const CLIENT = { clientId: 'attest-e2e', clientSecret: 'attest-e2e-client-secret' };

let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
});
afterAll(() => provider?.close());

// As the administrator's browser: the API call the (future) provider settings screen makes.
async function addProvider(page: Page, issuer: string): Promise<string> {
  return page.evaluate(
    async ({ paths, issuer, client, csrf }) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${csrf.cookie}=`))
        ?.split('=')[1];
      const headers = { 'Content-Type': 'application/json', [csrf.header]: token ?? '' };
      const groups = await (await fetch(paths.groups)).json();
      const analysts = groups.results.find((g: { name: string }) => g.name === 'Analysts');
      const response = await fetch(paths.ssoProviders, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          slug: 'acme-id',
          display_name: 'Acme ID',
          issuer,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          allowed_email_domains: ['e2e.test'],
          default_group_id: analysts.id,
        }),
      });
      if (!response.ok) throw new Error(`provider not created: ${response.status} ${await response.text()}`);
      return (await response.json()).redirect_uri as string;
    },
    {
      paths: { groups: ADMIN_PATHS.groups, ssoProviders: ADMIN_PATHS.ssoProviders },
      issuer,
      client: CLIENT,
      csrf: { cookie: CSRF_COOKIE, header: CSRF_HEADER },
    },
  );
}

describe('single sign-on', () => {
  it('signs in through the identity provider and returns to the next page', async () => {
    const tenant = await createPeopleTenant();
    const admin = await newPage();
    await signIn(admin.page, tenant, ADMIN.email);
    const redirectUri = await addProvider(admin.page, provider.issuer);
    await provider.registerClient({ ...CLIENT, redirectUris: [redirectUri] });
    provider.signInAs({
      sub: 'sso-person-1',
      email: 'sam.single@e2e.test',
      given_name: 'Sam',
      family_name: 'Single',
    });

    // A private page sends the visitor to sign in, which lists the tenant's provider.
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/tasks'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Continue with Acme ID' }).click();

    // Through the provider and back, to the page asked for, as a person created just in time.
    await page.waitForURL((url) => url.pathname === '/tasks');
    await page.locator('header').getByText('Sam Single', { exact: true }).waitFor();

    // /login/{loginType} goes straight to that provider, and next survives the round trip.
    const direct = await newPage();
    await direct.page.goto(tenantUrl(tenant, '/login/acme-id?next=%2Fsearch'));
    await direct.page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(direct.page.url()).host).toBe(new URL(tenantUrl(tenant)).host);
  });

  it('explains a refused sign-in on the login page', async () => {
    const tenant = await createPeopleTenant();
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/login?sso_error=email_domain_not_allowed'));
    await page.getByText('Your email domain is not allowed to sign in with this provider.').waitFor();
  });
});
