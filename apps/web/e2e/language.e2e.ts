import { describe, expect, it } from 'vitest';
import ar from '../src/locales/ar.json' with { type: 'json' };
import es from '../src/locales/es.json' with { type: 'json' };
import { newPage, signIn } from './support/browser.js';

describe('language', () => {
  it('switches to Spanish: the choice is stored, the page reloads, and the app speaks Spanish', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'analyst@acme.test');
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
    await signIn(other.page, 'acme', 'analyst@acme.test');
    await other.page.getByRole('button', { name: es.userMenu.open }).waitFor();
  });

  it('lays Arabic out right to left', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'supplier@acme.test');
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
