import { describe, it } from 'vitest';
import { newPage, signIn } from './support/browser.js';
import { ADMIN, ANALYST, createPeopleTenant } from './support/people.js';

describe('impersonation', () => {
  it('an administrator acts as the analyst from the users page, sees the banner, and stops', async () => {
    const tenant = await createPeopleTenant();
    const { page } = await newPage();
    await signIn(page, tenant, ADMIN.email);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/users');
    await page.getByTestId('user-row').filter({ hasText: ANALYST.email }).click();
    await page.getByRole('button', { name: 'Impersonate' }).click();

    const banner = page.getByTestId('impersonation-banner');
    // The name is isolated (U+2068 … U+2069) so it keeps its order in right-to-left languages.
    await banner.getByText(/^You are acting as \u2068?Ana Analyst\u2069?\.$/).waitFor();
    await page.locator('header').getByText('Ana Analyst', { exact: true }).waitFor();

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.locator('header').getByText('Alex Admin', { exact: true }).waitFor();
    await banner.waitFor({ state: 'detached' });
  });
});
