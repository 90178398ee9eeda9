import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';

describe('signing in to the shell', () => {
  it('shows the tenant header with its banner, and signing out returns to /login', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');

    // The admin may view the dashboard, so it is the landing page.
    await page.waitForURL((url) => /^\/workflows\/instances\/?$/.test(url.pathname));
    const header = page.locator('header');
    await header.getByText('Acme Corporation').waitFor();
    await header.getByText('Quarterly supplier attestations are due on 15 December.').waitFor();
    await header.getByRole('link', { name: 'Policy library' }).waitFor();
    // Spec 1 section 2: 85 px with a banner message.
    expect((await header.boundingBox())?.height).toBe(85);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Help centre' }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/login/');

    // The session is gone on the server too: private pages send us back to sign in.
    await page.goto(tenantUrl('acme', '/tasks'));
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    expect(new URL(page.url()).searchParams.get('next')).toBe('/tasks');
  });

  it('refuses wrong credentials with the server message and stays on the login page', async () => {
    const { page } = await newPage();
    await page.goto(tenantUrl('acme', '/login'));
    await page.getByLabel('Email address').fill('admin@acme.test');
    await page.locator('input[type=password]').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/login/);
  });

  it("hides support links from supplier users and uses the tenant's own brand elsewhere", async () => {
    const { page } = await newPage();
    await signIn(page, 'globex', 'supplier@globex.test');
    const header = page.locator('header');
    await header.getByText('Globex').waitFor();
    // No banner on globex: the header is the regular 60 px.
    expect((await header.boundingBox())?.height).toBe(60);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Globex service desk' }).count()).toBe(0);
  });
});
