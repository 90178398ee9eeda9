import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { ADMIN, createPeopleTenant } from './support/people.js';

describe('third-party invitation', () => {
  it('an administrator invites a supplier, who sets a password through the link and is signed in', async () => {
    const tenant = await createPeopleTenant();
    const admin = await newPage();
    await signIn(admin.page, tenant, ADMIN.email);
    await admin.page.goto(tenantUrl(tenant, '/settings/users'));
    await admin.page.getByRole('button', { name: 'Invite third-party user' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Email address').fill('vendor@supplier.test');
    await dialog.getByLabel('First name').fill('Vera');
    await dialog.getByLabel('Last name').fill('Vendor');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Invitation sent to vendor@supplier.test.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await admin.page
      .getByTestId('user-row')
      .filter({ hasText: 'vendor@supplier.test' })
      .getByText('Supplier', { exact: true })
      .waitFor();

    await admin.page.goto(tenantUrl(tenant, '/settings/mailbox'));
    await admin.page.getByTestId('mailbox-row').filter({ hasText: 'vendor@supplier.test' }).click();
    const href = await admin.page
      .getByTestId('mailbox-message')
      .locator('a[href*="/login/invitation"]')
      .getAttribute('href');
    expect(href).toBeTruthy();

    const { page } = await newPage();
    await page.goto(href ?? '');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Use at least 8 characters.').waitFor();

    const password = 'a-long-supplier-passphrase';
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('header').getByText('Vera Vendor', { exact: true }).waitFor();
  });
});
