import { describe, expect, it } from 'vitest';
import ar from '../src/locales/ar.json' with { type: 'json' };
import es from '../src/locales/es.json' with { type: 'json' };
import { DEMO_PASSWORD, newPage, signIn } from './support/browser.js';
import { ANALYST } from './support/people.js';
import { createE2eTenant } from './support/tenants.js';

// A tenant of the test's own that offers Spanish and Arabic: the language a person picks is stored
// on their account, and must not follow the demo accounts into the journeys that run after this one.
function createMultilingualTenant(): Promise<string> {
  return createE2eTenant({
    configuration: { supported_languages: ['en', 'es', 'ar'] },
    groups: [{ name: 'Analysts', permissions: ['can_view_dashboard'] }],
    users: [{ ...ANALYST, password: DEMO_PASSWORD, groups: ['Analysts'] }],
  });
}

describe('language', () => {
  it('switches to Spanish: the choice is stored, the page reloads, and the app speaks Spanish', async () => {
    const tenant = await createMultilingualTenant();
    const { page } = await newPage();
    await signIn(page, tenant, ANALYST.email);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Language' }).click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await reloaded;

    await page.getByRole('button', { name: es.userMenu.open }).click();
    await page.getByRole('menuitem', { name: es.userMenu.logout }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');

    // Stored on the server: a new browser signed in as the same user speaks Spanish too.
    const other = await newPage();
    await signIn(other.page, tenant, ANALYST.email);
    await other.page.getByRole('button', { name: es.userMenu.open }).waitFor();
  });

  it('lays Arabic out right to left', async () => {
    const tenant = await createMultilingualTenant();
    const { page } = await newPage();
    await signIn(page, tenant, ANALYST.email);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Language' }).click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await reloaded;

    const menuButton = page.getByRole('button', { name: ar.userMenu.open });
    await menuButton.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    // The user menu, at the end of the header, now sits on the left.
    const box = await menuButton.boundingBox();
    expect(box && box.x < 640).toBe(true);
  });
});
