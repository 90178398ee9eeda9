import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn } from './support/browser.js';
import { selectOption } from './support/select-option.js';

async function rowNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Workflows' });
  await table.locator('tbody tr').first().waitFor();
  // The name column's place depends on the person's chosen columns: find it by its header.
  const headers = await table.locator('thead th').allInnerTexts();
  const nameColumn = headers.findIndex((header) => header.trim().toLowerCase() === 'name') + 1;
  expect(nameColumn).toBeGreaterThan(0);
  return table.locator(`tbody tr td:nth-child(${nameColumn})`).allInnerTexts();
}

// "126 in total": the list's count as the page shows it, once the list request has answered.
async function total(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  const text = await page.getByText(/^(About )?[\d,]+ in total$/).innerText();
  return Number(text.replace(/\D/g, ''));
}

// Records of a CSV file (RFC 4180: a quoted cell may hold commas, quotes and line breaks).
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') cell += text[++i];
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n') {
      endCell();
      records.push(record);
      record = [];
    } else if (char !== '\r') cell += char;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

describe('the workflow dashboard', () => {
  it('filters by status and region, builds a nested OR filter, keeps the view in the URL, and exports it to CSV', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    await page.waitForURL((url) => /^\/workflows\/instances\/?$/.test(url.pathname));
    const everything = await total(page);
    expect(everything).toBeGreaterThan(0);

    // Each filter narrows the list (the count changes once its request has answered).
    let shown = everything;
    const narrows = async () => {
      await expect.poll(() => total(page), { timeout: 10_000 }).toBeLessThan(shown);
      shown = await total(page);
      expect(shown).toBeGreaterThan(0);
    };
    await selectOption(page, page, 'Workflow type', 'Supplier Onboarding');
    await narrows();
    await selectOption(page, page, 'Status', 'In Review');
    await page.keyboard.press('Escape');
    await narrows();
    await selectOption(page, page, 'Region', 'Europe');
    await page.keyboard.press('Escape');
    await narrows();

    // Category is Logistics OR Cloud hosting, nested under the root AND group.
    await page.getByRole('button', { name: 'Advanced filters' }).click();
    const panel = page.getByRole('group', { name: 'Advanced filter' });
    await panel.getByRole('button', { name: 'Add group' }).click();
    const group = panel.getByRole('group', { name: 'Group 1' });
    const first = group.getByRole('group', { name: 'Condition 1' });
    await selectOption(page, first, 'Field', 'Category', 'Category');
    await selectOption(page, first, 'Operator', 'equals');
    await selectOption(page, first, 'Value', 'Logistics');
    await group.getByRole('button', { name: 'Add condition' }).click();
    const second = group.getByRole('group', { name: 'Condition 2' });
    await selectOption(page, second, 'Field', 'Category', 'Category');
    await selectOption(page, second, 'Operator', 'equals');
    await selectOption(page, second, 'Value', 'Cloud hosting');
    await group.locator('label', { hasText: 'Any (OR)' }).first().click();
    await expect.poll(() => group.getByRole('radio', { name: 'Any (OR)' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Apply filters' }).click();

    await narrows();
    const narrowed = shown;
    const names = await rowNames(page);
    const url = page.url();
    expect(new URL(url).searchParams.get('advanced_filters')).toContain('OR');

    // A reload (or the link shared) gives the same view.
    await page.reload();
    await expect.poll(() => total(page)).toBe(narrowed);
    expect(await rowNames(page)).toEqual(names);
    expect(page.url()).toBe(url);
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Workflow type' }).inputValue()).toBe(
      'Supplier Onboarding',
    );

    // Export the kind with these filters to CSV and open the file.
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'export data for Supplier Onboarding' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csvRecords(csv);
    expect(header?.slice(0, 2).map((h) => h.toLowerCase())).toEqual(['id', 'name']);
    expect(rows).toHaveLength(narrowed);
    expect(rows.map((row) => row[1])).toEqual(expect.arrayContaining(names));
    const column = (title: string) => header?.indexOf(title) ?? -1;
    for (const row of rows) {
      expect(row[column('Status')]).toBe('In Review');
      expect(row[column('Region')]).toBe('Europe');
      expect(['Logistics', 'Cloud hosting']).toContain(row[column('Category')]);
    }
  });
});
