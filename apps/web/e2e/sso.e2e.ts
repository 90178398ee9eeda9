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

// Through the administration screen, as an administrator sets a provider up.
async function addProvider(page: Page, tenant: string, issuer: string): Promise<string> {
  await page.goto(tenantUrl(tenant, '/settings/sso'));
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Button label').fill('Acme ID');
  await dialog.getByLabel('Identifier').fill('acme-id');
  await dialog.getByLabel('Issuer URL').fill(issuer);
  await dialog.getByLabel('Client ID').fill(CLIENT.clientId);
  await dialog.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await dialog.getByLabel('Allowed email domains').fill('e2e.test');
  await dialog.getByLabel('Allowed email domains').press('Enter');
  await dialog.getByLabel('Default group').click();
  await page.getByRole('option', { name: 'Analysts' }).click();
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.locator('tbody tr').filter({ hasText: 'Acme ID' });
  return row.getByText('/callback/').innerText();
}

describe('single sign-on', () => {
  it('signs in through the identity provider and returns to the next page', async () => {
    const tenant = await createPeopleTenant();
    const admin = await newPage();
    await signIn(admin.page, tenant, ADMIN.email);
    const redirectUri = await addProvider(admin.page, tenant, provider.issuer);
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
