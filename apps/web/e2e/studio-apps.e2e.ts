import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 15: the studio's app list and app page as a designer uses them, on acme's seeded studio.

describe('studio apps', () => {
  it('creates an app and a savepoint, and shows the demo app deployed to Production', async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.getByRole('link', { name: 'Studio' }).click();
      await page.waitForURL((url) => url.pathname === '/studio/apps/');
      await page.getByRole('link', { name: 'Third-party risk' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const name = `Vendor intake ${Date.now()}`;
      await page.getByRole('button', { name: 'New app' }).click();
      const dialog = page.getByRole('dialog', { name: 'New app' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Description').fill('Made by the studio journey');
      await dialog.getByRole('button', { name: 'Create app' }).click();
      await page.waitForURL(/\/studio\/apps\/\d+$/);
      await page.getByRole('heading', { name }).waitFor();

      await page.getByRole('tab', { name: 'Savepoints' }).click();
      await page.waitForURL(/tab=savepoints/);
      await page.getByRole('button', { name: 'Savepoint of main' }).click();
      const savepoint = page.getByRole('dialog');
      await savepoint.getByLabel('Message').fill('Empty start');
      await savepoint.getByRole('button', { name: 'Create savepoint' }).click();
      await page.getByTestId('studio-savepoints').getByRole('link', { name: 'Empty start' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The list searches by name; the demo app runs version 1.0 in Production.
      await page.goto(tenantUrl('acme', '/studio/apps/'));
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('Third-party');
      await page.waitForURL(/q=Third-party/);
      await page.getByRole('link', { name: 'Third-party risk' }).click();
      await page.waitForURL(/\/studio\/apps\/\d+$/);
      await page.getByRole('tab', { name: /Versions/ }).click();
      const row = page.getByTestId('studio-version-1.0');
      await row.waitFor();
      expect(await row.getByText('Deployed', { exact: true }).count()).toBe(1);
      expect(await row.getByText('Production', { exact: true }).count()).toBe(1);
      await page.getByRole('tab', { name: 'Deployments' }).click();
      await page.getByTestId('studio-env-PRODUCTION').getByText('1.0', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
