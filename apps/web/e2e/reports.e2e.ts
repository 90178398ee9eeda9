import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_REPORTS } from '../../server/src/db/seed/demo-reports.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// Issue 7: dashboards and reports as a person uses them, on acme's seeded portfolio.
describe('dashboards and reports', () => {
  it('opens the demo dashboard, builds a report on a new dashboard, downloads its CSV and deletes it', async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      // The header's trending-up icon lands on /dashboards.
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboards');

      await page.getByRole('link', { name: 'Portfolio overview' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      await page.getByTestId('report-bar-chart').first().waitFor();
      expect(await page.getByTestId('report-card').count()).toBe(DEMO_REPORTS.length);

      const name = `Checks ${Date.now()}`;
      await page.goto(tenantUrl('acme', '/dashboards'));
      await page.getByRole('button', { name: 'New dashboard' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'New dashboard' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      await page.getByText('This dashboard has no reports yet.').waitFor();

      await page.getByRole('link', { name: 'Add report' }).click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Workflows by status');
      await selectOption(page, page, 'Group by', 'Status');
      // The preview follows the form; its table shows the chosen group.
      const preview = page.getByTestId('report-preview');
      await preview.getByText('Table', { exact: true }).click();
      await preview.getByRole('columnheader', { name: 'Status' }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      await page.getByTestId('report-bar-chart').waitFor();

      await page.getByRole('button', { name: 'Actions for Workflows by status' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^workflows-by-status-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      expect(csv.startsWith('\uFEFFStatus,Count\r\n')).toBe(true);

      await page.goto(tenantUrl('acme', '/dashboards'));
      await page.getByRole('textbox', { name: 'Search dashboards' }).fill(name);
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No dashboard matches this search.').waitFor();
    } finally {
      await context.close();
    }
  });
});
