import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// Issue 18 (plan §9): an Object Report of the demo tenant's Supplier records (seeded by
// demo-records.ts), counted by country in the report builder at /dashboards/:id/records-report/new.
// The totals the builder's preview and the saved report show are the database's own count of the
// records the person may see, read here straight from the records' data.

const ADMIN = 'admin@acme.test';
const REPORT = 'Suppliers by country';
const NO_VALUE = '—';

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// acme's unarchived suppliers by country, as the admin may see them: a grant on the record's region
// or business unit (the records' place rule). A record without a country counts under a dash, as the
// report's table shows an empty group.
async function suppliersByCountry(): Promise<Map<string, number>> {
  const { rows } = await sql<{ country: string | null; count: string }>`
    select r.data->>'country' as country, count(*) as count
    from records r
    join tenants t on t.id = r.tenant_id
    join object_types ot on ot.tenant_id = r.tenant_id and ot.id = r.object_type_id
    join users u on u.tenant_id = r.tenant_id and u.email = ${ADMIN}
    where t.slug = 'acme' and ot.tag = 'supplier' and r.archived_at is null
      and (exists (select 1 from user_region_access ra where ra.user_id = u.id and ra.region_id = r.region_id)
        or exists (select 1 from user_business_unit_access ba
          where ba.user_id = u.id and ba.business_unit_id = r.business_unit_id))
    group by 1`.execute(adminDb);
  return new Map(rows.map((row) => [row.country ?? NO_VALUE, Number(row.count)]));
}

// The report's table as country -> count, once it has rows (the header row is the column names).
async function tableCounts(page: Page, scope: string): Promise<Map<string, number>> {
  const table = page.locator(scope).getByTestId('report-data-table');
  await table.locator('tbody tr').first().waitFor();
  expect((await table.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
    'Country',
    'Count',
  ]);
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );
  return new Map(
    rows.map(([country = '', count = '']) => [country.trim(), Number(count.replace(/\D/g, ''))]),
  );
}

describe('object report', () => {
  it('counts the seeded suppliers by country, with the totals the database holds, saved and opened again', async () => {
    const expected = await suppliersByCountry();
    const total = [...expected.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(0);
    expect(expected.size).toBeGreaterThan(1);

    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', ADMIN);
      await page.goto(tenantUrl('acme', '/dashboards'));
      const dashboardName = `Supplier review ${Date.now()}`;
      await page.getByRole('button', { name: 'New dashboard' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill(dashboardName);
      await page.getByRole('dialog').getByRole('button', { name: 'New dashboard' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      const dashboardPath = new URL(page.url()).pathname;
      const dashboardId = dashboardPath.split('/').pop();

      // The dashboard's Object report: the builder with the Object Report kind chosen.
      await page.getByRole('link', { name: 'Object report' }).click();
      await page.waitForURL((url) => url.pathname === `/dashboards/${dashboardId}/records-report/new`);
      expect(await page.getByRole('combobox', { name: 'Report kind' }).inputValue()).toBe('Object Report');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(REPORT);
      await selectOption(page, page, /^Object type/, 'Supplier');
      await selectOption(page, page, 'Group by', 'Country', 'Country');
      await page.keyboard.press('Escape');
      await selectOption(page, page, 'Chart type', 'Bar chart');
      await page.getByTestId('report-preview').getByTestId('report-bar-chart').waitFor();
      await page.getByText(`Rows: ${expected.size}`).waitFor();

      // The preview as a table: one row per country, with the database's count.
      await page.getByTestId('report-preview').getByText('Table', { exact: true }).click();
      expect(await tableCounts(page, '[data-testid=report-preview]')).toEqual(expected);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.pathname === dashboardPath);

      // On the dashboard, a bar per country; opened again, the same totals.
      const card = page.getByTestId('report-card').filter({ hasText: REPORT });
      await card.getByTestId('report-bar-chart').waitFor();
      await expect
        .poll(
          async () =>
            new Set(
              await card
                .locator('[data-bar-category]')
                .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('data-bar-category'))),
            ).size,
        )
        .toBe(expected.size);
      await card.getByRole('button', { name: `Actions for ${REPORT}` }).click();
      await page.getByRole('menuitem', { name: 'Open' }).click();
      await page.waitForURL(/\/report\/\d+$/);
      await page.getByTestId('report-bar-chart').waitFor();
      await page.getByText('Table', { exact: true }).click();
      expect(await tableCounts(page, 'main')).toEqual(expected);
    } finally {
      await context.close();
    }
  });
});
