import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { ADMIN, ANALYST, createPeopleTenant } from './support/people.js';

describe('magic link', () => {
  it('is requested, read in the development mailbox, confirmed, and signs in once', async () => {
    const tenant = await createPeopleTenant();
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/login?next=%2Ftasks'));
    await page.getByRole('link', { name: 'Email me a magic link' }).click();
    await page.waitForURL((url) => url.pathname === '/login/magic');
    await page.getByLabel('Email address').fill(ANALYST.email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.getByText('The link works once and expires in 15 minutes.').waitFor();

    // An administrator of the same tenant reads the e-mail in the development mailbox.
    const admin = await newPage();
    await signIn(admin.page, tenant, ADMIN.email);
    await admin.page.goto(tenantUrl(tenant, '/settings/mailbox'));
    await admin.page.getByTestId('mailbox-row').first().click();
    const message = admin.page.getByTestId('mailbox-message');
    await message.getByText(ANALYST.email).waitFor();
    const href = await message.locator('a[href*="/login/magic/confirm"]').getAttribute('href');
    expect(href).toBeTruthy();

    // Opening the link signs nobody in: the confirm button does.
    await page.goto(href ?? '');
    await page.getByRole('button', { name: 'Continue and sign in' }).click();
    // The link remembers the page it was asked from.
    await page.waitForURL((url) => url.pathname === '/tasks');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();

    // Spent: a second use lands on the 404 page's magic-link variant.
    const again = await newPage();
    await again.page.goto(href ?? '');
    await again.page.getByRole('button', { name: 'Continue and sign in' }).click();
    await again.page.getByText('This magic link has expired').waitFor();
    expect(new URL(again.page.url()).searchParams.get('origin')).toBe('magic-link');
  });
});
