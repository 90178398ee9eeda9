import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../src/locales/ar.json' with { type: 'json' };
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { createRecordsTenant, recordsPeople } from './support/records-tenant.js';
import { selectOption } from './support/select-option.js';
import { addField, designerSaved, panel, release } from './support/studio-designer.js';
import {
  BAD_ROWS,
  SUPPLIER_HEADERS,
  writeFixedSuppliersCsv,
  writeSuppliersCsv,
} from './support/suppliers-csv.js';

// Issue 18 (plan §9): a designer defines "Supplier" in the studio's Objects tab, and a process whose
// form picks a supplier; releases both; imports 1,000 suppliers of which five are bad, then the five
// fixed; picks a supplier in a workflow and finds the workflow on the supplier's page.

// A field of the object type designer: from its palette (by keyboard, as studio-designer.ts's
// addField does), then labelled.
async function addObjectField(page: Page, type: string, label: string) {
  const palette = page.getByRole('combobox', { name: 'Add a field' });
  await palette.scrollIntoViewIfNeeded();
  await palette.fill(type);
  await palette.press('ArrowDown');
  await palette.press('Enter');
  const field = page.getByTestId('object-field-panel');
  await field.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  await expect.poll(() => field.getByRole('heading').textContent()).toBe(`Field: ${label}`);
}

// New import -> Supplier -> the file -> Upload; the columns map by themselves to the fields their
// headers name; Check rows. Returns the import's page address.
async function uploadSuppliers(page: Page, slug: string, file: string): Promise<string> {
  await page.goto(tenantUrl(slug, '/batch-imports'));
  await page.getByRole('button', { name: 'New import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New import' });
  await selectOption(page, dialog, /^Record type/, 'Supplier');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await page.waitForURL((url) => /^\/batch-import\/\d+$/.test(url.pathname), { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Map the columns' }).waitFor({ timeout: 30_000 });
  for (const header of SUPPLIER_HEADERS) {
    const fills = page.getByRole('combobox', { name: `What column ${header} fills` });
    await expect.poll(() => fills.inputValue(), { timeout: 10_000 }).toBe(header);
  }
  return new URL(page.url()).pathname;
}

// Runs the checked import and waits for its end; returns the counts shown.
async function runImport(page: Page, rows: number) {
  await page.getByRole('button', { name: `Import ${rows.toLocaleString('en')} rows` }).click();
  await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 120_000 });
  const count = async (label: string) =>
    page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
  return { created: await count('Created'), failed: await count('Failed') };
}

describe('records journey: suppliers', () => {
  it('defines Supplier in the studio, imports 1,000 suppliers (five bad, then fixed) and links one to a workflow', {
    timeout: 600_000,
  }, async () => {
    const slug = await createRecordsTenant();
    const { page } = await newPage();
    await signIn(page, slug, recordsPeople.designer.email);

    // 1. An app; its Objects tab defines Supplier.
    await page.goto(tenantUrl(slug, '/studio/apps/'));
    await page.getByRole('button', { name: 'New app' }).first().click();
    const newApp = page.getByRole('dialog', { name: 'New app' });
    await newApp.getByLabel('Name').fill('Suppliers');
    await newApp.getByRole('button', { name: 'Create app' }).click();
    await page.waitForURL(/\/studio\/apps\/\d+$/);
    const appPath = new URL(page.url()).pathname;

    await page.getByRole('tab', { name: 'Objects' }).click();
    await page.getByRole('button', { name: 'New object type' }).first().click();
    const newType = page.getByRole('dialog', { name: 'New object type' });
    await newType.getByRole('textbox', { name: /^Name/ }).fill('Supplier');
    expect(await newType.getByRole('textbox', { name: /^Tag/ }).inputValue()).toBe('supplier');
    await newType.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/objects\/supplier$/);
    // It starts with its title field, Name (required).
    await page.getByRole('heading', { name: 'Supplier', level: 1 }).waitFor();
    await addObjectField(page, 'Short text', 'VAT number');
    await addObjectField(page, 'Short text', 'Country');
    await addObjectField(page, 'E-mail', 'Contact e-mail');
    await page.getByRole('button', { name: 'Add unique key' }).click();
    // A MultiSelect without search: its box (not the read-only input inside) takes the click.
    await page.getByRole('combobox', { name: 'Unique key 1' }).click({ force: true });
    await page.getByRole('option', { name: 'VAT number' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('object-issue-count').textContent()).toBe('No problems');
    expect(await page.getByTestId('object-issue-count').textContent()).toBe('No problems');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Saved$/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);

    // A process whose form has a Record field of type Supplier.
    await page.goto(tenantUrl(slug, appPath));
    await page.getByRole('button', { name: 'New process' }).first().click();
    const newProcess = page.getByRole('dialog', { name: 'New process' });
    await newProcess.getByLabel('Process name').fill('Supplier review');
    await newProcess.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/designer\/[a-z_]+$/);
    await page.getByTestId('designer-step').first().locator('button[aria-pressed]').click();
    await panel(page).getByRole('heading', { name: 'Step', exact: true }).waitFor();
    await addField(page, 'Data object', 'Supplier', async (p) => {
      const field = p.getByTestId('designer-field-panel');
      // Publishing refuses a Record field without its type: the designer says so until one is chosen.
      await field
        .getByText('A Record field names the record type it picks from.', { exact: false })
        .waitFor();
      await selectOption(p, field, /^Record type/, 'Supplier (supplier)');
      await expect
        .poll(() => field.getByText('Choose one before releasing.', { exact: false }).count())
        .toBe(0);
    });
    await designerSaved(page);
    expect(await page.getByTestId('designer-issue-count').textContent()).toBe('No problems');
    await release(page, slug, appPath, 'Suppliers and their review', '1.0');

    // 2. 1,000 suppliers: the five bad rows are listed with the field's message; 995 created.
    await uploadSuppliers(page, slug, await writeSuppliersCsv());
    await page.getByRole('button', { name: 'Check rows' }).click();
    await page.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: 60_000 });
    await page
      .getByText('995 rows can be imported; 5 rows have problems and will be skipped.')
      .waitFor({ timeout: 30_000 });
    const table = page.getByRole('table', { name: 'Rows of the file' });
    const listed = await table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
      );
    expect(listed.map(([row]) => row)).toEqual(['7', '250', '402', '613', '1,000']);
    for (const [row, problems] of listed) {
      const cause = BAD_ROWS[Number(row?.replace(',', '')) as keyof typeof BAD_ROWS];
      expect(problems).toMatch(cause === 'email' ? /^Contact e-mail: / : /^Name: /);
    }
    expect(await seriousViolations(page)).toEqual([]);
    // The five rows with problems are skipped, and count as failed (the results file lists them).
    expect(await runImport(page, 995)).toEqual({ created: '995', failed: '5' });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(tenantUrl(slug, '/batch-imports'));
    // The run went to its end: every valid row done.
    const listedImport = page.getByRole('row').filter({ hasText: 'suppliers-1000.csv' });
    await listedImport.getByText('1,000 total · 995 valid · 5 with problems · 995 done').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // 3. The five, fixed: 5 created, 1,000 in all.
    await uploadSuppliers(page, slug, await writeFixedSuppliersCsv());
    await page.getByRole('button', { name: 'Check rows' }).click();
    await page
      .getByText('5 rows can be imported; 0 rows have problems and will be skipped.')
      .waitFor({ timeout: 30_000 });
    expect(await runImport(page, 5)).toEqual({ created: '5', failed: '0' });
    await page.goto(tenantUrl(slug, '/records/supplier'));
    await page.getByText('Records: 1,000', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // 4. A workflow of the process picks Supplier 42, typed to search.
    await page.goto(tenantUrl(slug, '/'));
    await page.getByRole('button', { name: 'New workflow' }).first().click();
    const create = page.getByRole('dialog');
    await selectOption(page, create, /^Workflow type/, 'Supplier review');
    await create.getByRole('textbox', { name: /^Name/ }).fill('Review of Supplier 42');
    await selectOption(page, create, /^Region/, 'Europe');
    await selectOption(page, create, /^Business unit/, 'Procurement EU');
    await create.getByRole('button', { name: 'Create workflow' }).click();
    await page.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
    await selectOption(page, page, /^Supplier/, 'Supplier 42', 'Supplier 42');
    await page.getByText('All changes saved', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Supplier 42', exact: true }).click();
    await page.waitForURL((url) => /^\/records\/supplier\/\d+$/.test(url.pathname));
    const recordPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Supplier 42' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Related workflows' }).click();
    await page.getByTestId('record-related-workflows').getByText('Review of Supplier 42').waitFor();

    // 5. The record page in Arabic, right to left.
    const arabic = await newPage();
    await signIn(arabic.page, slug, recordsPeople.arabic.email);
    await arabic.page.goto(tenantUrl(slug, recordPath));
    await arabic.page.getByRole('heading', { name: 'Supplier 42' }).first().waitFor();
    await arabic.page.getByRole('tab', { name: ar.records.tabs.relatedWorkflows }).waitFor();
    expect(await arabic.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(arabic.page)).toEqual([]);
  });
});
