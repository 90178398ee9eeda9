import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { seriousViolations } from './support/axe.js';
import {
  AUDITS,
  BATCH_ADMIN,
  createBatchUpdateTenant,
  KINDS,
  PLACES,
} from './support/batch-update-tenant.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// Issue 18 (plan §9): filter the dashboard to 200 workflows, batch-update their region from the
// dashboard, preview 200 items with before and after, apply with the progress bar reaching 100%,
// see the new region on the list, undo, and see the region back. In a tenant of its own
// (support/batch-update-tenant.ts): the demo tenants other journeys count on are not touched.

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// "215 in total": the list's count as the page shows it, once the list request has answered.
async function total(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  const text = await page.getByText(/^(About )?[\d,]+ in total$/).innerText();
  return Number(text.replace(/\D/g, ''));
}

// The texts of one column of the dashboard's rows, the column found by its header (a person's chosen
// columns decide where it is).
async function columnTexts(page: Page, title: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Workflows' });
  await table.locator('tbody tr').first().waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((header) => header.trim().toLowerCase() === title.toLowerCase()) + 1;
  expect(column, `the ${title} column is shown`).toBeGreaterThan(0);
  return table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
}

// Where the tenant's site audits and visits are, by region and unit name, read from the database.
async function places(slug: string) {
  const rows = await adminDb
    .selectFrom('workflows as w')
    .innerJoin('tenants as t', 't.id', 'w.tenant_id')
    .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
    .innerJoin('regions as r', 'r.id', 'w.region_id')
    .leftJoin('business_units as b', 'b.id', 'w.business_unit_id')
    .select(['k.name as kind', 'r.name as region', 'b.name as unit'])
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('t.slug', '=', slug)
    .groupBy(['k.name', 'r.name', 'b.name'])
    .orderBy('k.name')
    .orderBy('r.name')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

const progressOf = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });

describe('batch update of workflows', () => {
  let slug: string;
  beforeAll(async () => {
    slug = await createBatchUpdateTenant();
  });

  it('moves 200 filtered workflows to another region from the dashboard, previewed, applied and undone', async () => {
    const before = await places(slug);
    expect(before).toEqual([
      { kind: KINDS.audit, region: PLACES.from.region, unit: PLACES.from.unit, count: AUDITS },
      { kind: KINDS.visit, region: PLACES.from.region, unit: PLACES.from.unit, count: 15 },
    ]);
    const { page } = await newPage();
    await signIn(page, slug, BATCH_ADMIN.email);
    await page.goto(tenantUrl(slug, '/workflows/instances'));
    expect(await total(page)).toBe(AUDITS + 15);

    // The dashboard narrowed to the site audits: 200 of them, the selection the update takes.
    await selectOption(page, page, 'Workflow type', KINDS.audit);
    await expect.poll(() => total(page), { timeout: 10_000 }).toBe(AUDITS);
    const dashboardUrl = page.url();
    expect((await columnTexts(page, 'Region')).every((region) => region === PLACES.from.region)).toBe(true);
    await page.getByRole('link', { name: `Batch update ${AUDITS} workflows` }).click();
    await page.waitForURL((url) => url.pathname === '/batch-update/new');
    await page.getByText(`Selected: ${AUDITS} workflows`).waitFor();

    // The change: region and business unit of North America.
    await selectOption(page, page, 'Region', PLACES.to.region);
    await selectOption(page, page, 'Business unit', PLACES.to.unit);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForURL((url) => /^\/batch-update\/\d+$/.test(url.pathname));
    const updateUrl = page.url();

    // The preview: 200 items, each with its region and unit before and after.
    const apply = page.getByRole('button', { name: `Apply to ${AUDITS} items` });
    await apply.waitFor({ timeout: 30_000 });
    await page.getByText(`Items: ${AUDITS}`).waitFor();
    const items = page.getByRole('table', { name: 'Items of the batch update' });
    const rows = items.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    for (const text of await rows.allInnerTexts()) {
      expect(text).toMatch(new RegExp(`Region:\\s*${PLACES.from.region}\\s*${PLACES.to.region}`));
      expect(text).toMatch(new RegExp(`${PLACES.from.unit}\\s*${PLACES.to.unit}`));
      expect(text).toMatch(/will change/i);
    }
    // Four pages of 50: the last holds the rest of the 200.
    await page.getByRole('button', { name: '4', exact: true }).click();
    await expect.poll(async () => (await rows.allInnerTexts()).join('\n')).toContain(`${KINDS.audit} 200`);
    expect(await rows.count()).toBe(50);
    expect((await rows.allInnerTexts()).join('\n')).not.toContain(`${KINDS.audit} 001`);
    expect(await seriousViolations(page)).toEqual([]);
    // The preview changes nothing yet.
    expect(await places(slug)).toEqual(before);

    // Apply: the progress bar reaches its end, and every item is changed.
    await apply.click();
    await expect.poll(() => progressOf(page).getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    await page.getByText(`${AUDITS} of ${AUDITS}`).waitFor();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await places(slug)).toEqual([
      { kind: KINDS.audit, region: PLACES.to.region, unit: PLACES.to.unit, count: AUDITS },
      { kind: KINDS.visit, region: PLACES.from.region, unit: PLACES.from.unit, count: 15 },
    ]);

    // The dashboard's list shows the new region.
    await page.goto(dashboardUrl);
    await expect.poll(() => total(page)).toBe(AUDITS);
    await expect
      .poll(async () => [...new Set(await columnTexts(page, 'Region'))])
      .toEqual([PLACES.to.region]);

    // Undo, confirmed: the region is back.
    await page.goto(updateUrl);
    await page.getByRole('button', { name: 'Undo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this batch update?' });
    await dialog.getByRole('button', { name: 'Undo the update' }).click();
    await page.getByText(/^Undone by Bea Batch on /).waitFor({ timeout: 60_000 });
    expect(await places(slug)).toEqual(before);
    await page.goto(dashboardUrl);
    await expect.poll(() => total(page)).toBe(AUDITS);
    await expect
      .poll(async () => [...new Set(await columnTexts(page, 'Region'))])
      .toEqual([PLACES.from.region]);

    // The list of batch updates, from the header's Records menu: this one, undone.
    await page.getByRole('button', { name: 'Records' }).click();
    await page.getByRole('menuitem', { name: 'Batch updates' }).click();
    await page.waitForURL((url) => url.pathname === '/batch-updates');
    const list = page.getByRole('table', { name: 'Batch updates' });
    const updateId = new URL(updateUrl).pathname.split('/').pop();
    const row = list.locator('tbody tr').filter({ hasText: `Batch update #${updateId}` });
    await row.first().waitFor();
    expect(await list.locator('tbody tr').count()).toBe(1);
    expect(await row.innerText()).toMatch(/undone/i);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
