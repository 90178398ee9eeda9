import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// The categories of a bar chart, left to right (each stacked bar draws one group per series).
async function barCategories(page: Page): Promise<string[]> {
  const categories = await page
    .locator('[data-bar-category]')
    .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('data-bar-category') ?? ''));
  return [...new Set(categories)];
}

// The categories once the chart has drawn at least two: the frame appears before its bars, and
// Recharts may replace the bars' nodes while it redraws.
async function drawnBarCategories(page: Page): Promise<string[]> {
  let categories: string[] = [];
  await expect
    .poll(async () => {
      categories = await barCategories(page);
      return categories.length;
    })
    .toBeGreaterThan(1);
  return categories;
}

// A PNG's width and height, read from its IHDR chunk.
function pngSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

// Issue 7 (done when): create a dashboard, build a stacked bar report of workflows by status and
// region, see it on the dashboard, switch value labels to hover, drag a bar, export the chart as PNG
// and its data as CSV; open a heat-map report and see the subtotal rows.
describe('report charts', () => {
  it('builds a stacked bar of workflows by status and region, labels it on hover, reorders it, exports PNG and CSV', async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/dashboards'));
      const dashboardName = `Status review ${Date.now()}`;
      await page.getByRole('button', { name: 'New dashboard' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill(dashboardName);
      await page.getByRole('dialog').getByRole('button', { name: 'New dashboard' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      const dashboardPath = new URL(page.url()).pathname;

      // The builder: a bar chart of the count by status, then region (stacked by default with two).
      await page.getByRole('link', { name: 'Add report' }).click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Status by region');
      await selectOption(page, page, 'Chart type', 'Bar chart');
      await selectOption(page, page, 'Group by', 'Status');
      await selectOption(page, page, 'Group by', 'Region');
      await page.getByTestId('report-preview').getByTestId('report-bar-chart').waitFor();
      await page.getByRole('button', { name: /Chart options/ }).click();
      await selectOption(page, page, 'Show value labels on', 'Hover');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.pathname === dashboardPath);

      // On the dashboard: the card's stacked bars, with value labels only under the pointer.
      const card = page.getByTestId('report-card').filter({ hasText: 'Status by region' });
      const chart = card.getByTestId('report-bar-chart');
      await chart.waitFor();
      await drawnBarCategories(page);
      // A stacked segment of zero height is drawn but not visible; hover one that is.
      const firstBar = chart.locator('[data-bar-category]').filter({ visible: true }).first();
      expect(await chart.locator('.chart-value-label').count()).toBe(0);
      await firstBar.hover();
      await chart.locator('.chart-value-label').first().waitFor();
      expect(await chart.locator('.chart-value-label').count()).toBe(1);

      // Open the report; drag the first category onto the second: they swap, and the order is kept.
      await card.getByRole('button', { name: 'Actions for Status by region' }).click();
      await page.getByRole('menuitem', { name: 'Open' }).click();
      await page.waitForURL(/\/report\/\d+$/);
      const reportChart = page.getByTestId('report-bar-chart');
      await reportChart.waitFor();
      const before = await drawnBarCategories(page);
      const [first, second] = before as [string, string];
      const saved = page.waitForResponse(
        (r) => /\/api\/v1\/reports\/\d+\/$/.test(r.url()) && r.request().method() === 'PATCH',
      );
      await reportChart.locator(`[data-bar-category="${first}"]`).filter({ visible: true }).first().hover();
      await page.mouse.down();
      await reportChart.locator(`[data-bar-category="${second}"]`).filter({ visible: true }).first().hover();
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      const swapped = [second, first, ...before.slice(2)];
      await expect.poll(() => barCategories(page)).toEqual(swapped);
      await page.reload();
      await reportChart.waitFor();
      await expect.poll(() => barCategories(page)).toEqual(swapped);

      // The chart as a PNG: the chart's size plus the export padding (spec 2 §9.1: 24 by 48).
      const [png] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      expect(png.suggestedFilename()).toMatch(/\.png$/);
      const image = pngSize(await readFile((await png.path()) ?? ''));
      const box = await reportChart.boundingBox();
      expect(image.width).toBeGreaterThanOrEqual(Math.floor(box?.width ?? 0) + 24);
      expect(image.height).toBeGreaterThanOrEqual(Math.floor(box?.height ?? 0) + 48);

      // Its data as CSV: one row per status and region, with the count.
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      const csv = await readFile((await csvDownload.path()) ?? '', 'utf8');
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toBe('Status,Region,Count');
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((row) => /,\d+$/.test(row))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('opens the demo heat map and shows its subtotal rows', async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/dashboards'));
      await page.getByRole('link', { name: 'Portfolio overview' }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      const card = page.getByTestId('report-card').filter({ hasText: 'Status by region and year' });
      await card.getByRole('button', { name: 'Actions for Status by region and year' }).click();
      await page.getByRole('menuitem', { name: 'Open' }).click();
      await page.waitForURL(/\/report\/\d+$/);

      const table = page.getByTestId('report-heat-map-chart').getByRole('table');
      // The table is drawn as soon as the data arrives; each summary is waited for, not counted.
      for (const summary of ['Sub total', 'Average', 'Grand subtotal', 'Grand average']) {
        await table.getByText(summary, { exact: true }).first().waitFor();
      }
      // Every region appears as a row group of its own.
      for (const region of ['Europe', 'North America']) {
        await table.getByText(region, { exact: true }).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
