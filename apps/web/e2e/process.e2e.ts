import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// A small but real PDF: the certificate field takes PDFs or images, checked on the bytes received.
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

// Each answer is saved when the field is left; wait for the save before the next one.
async function saved(page: Page) {
  await page.getByText('All changes saved', { exact: true }).first().waitFor();
}

describe('the process page', () => {
  it('the analyst creates a Supplier Onboarding workflow, fills and submits its intake, and sees the status change, the next step and the activity log', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'analyst@acme.test');

    // Create the workflow from the dashboard.
    await page.getByRole('button', { name: 'New workflow' }).first().click();
    const dialog = page.getByRole('dialog');
    await selectOption(page, dialog, /^Workflow type/, 'Supplier Onboarding');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Northwind Logistics onboarding');
    await selectOption(page, dialog, /^Region/, 'Europe');
    await selectOption(page, dialog, /^Business unit/, 'Procurement EU');
    await dialog.getByRole('button', { name: 'Create workflow' }).click();

    await page.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
    await page.getByRole('heading', { name: 'Northwind Logistics onboarding' }).waitFor();
    const status = page.getByTestId('workflow-status');
    await expect.poll(() => status.textContent()).toBe('Draft');

    // The intake step is open: text, select, date, currency, e-mail, yes/no and a file.
    await page.getByLabel('Supplier legal name').fill('Northwind Logistics GmbH');
    await page.getByLabel('Supplier legal name').press('Tab');
    await saved(page);
    await selectOption(page, page, /Country of incorporation/, 'Germany', 'Germ');
    await selectOption(page, page, /^Category/, 'Logistics');
    await page.getByLabel('Expected annual spend').fill('250000');
    await page.getByLabel('Expected annual spend').press('Tab');
    await selectOption(page, page, 'Currency', 'EUR · Euro', 'EUR');
    await page.getByLabel('Contract start date').fill('2027-01-15');
    await page.getByLabel('Contract start date').press('Tab');
    await page.getByLabel('ISO 27001 or equivalent certificate').setInputFiles({
      name: 'iso-27001-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: CERTIFICATE_PDF,
    });
    await page.getByText('iso-27001-certificate.pdf').first().waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check();

    // A wrong e-mail address is refused next to its field, with the engine's message.
    const email = page.getByLabel('Supplier contact e-mail');
    await email.fill('compliance at northwind');
    await email.press('Tab');
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await email.fill('compliance@northwind.example');
    await email.press('Tab');
    await page.getByText('Enter a valid e-mail address.').waitFor({ state: 'detached' });
    await saved(page);

    // Submitting hands over to due diligence and moves the workflow to In Review.
    await page.getByRole('button', { name: 'Submit step' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('In Review');
    await page.getByRole('heading', { name: 'Sanctions and adverse media screening' }).waitFor();
    await page.getByText('Sanctions screening result').first().waitFor();

    // The activity log names the submission.
    await page.getByRole('button', { name: 'Activity log' }).click();
    const log = page.getByRole('dialog', { name: /Activity log/ });
    await log
      .getByText(/submitted/i)
      .first()
      .waitFor();
    await log
      .getByText(/Supplier details/)
      .first()
      .waitFor();
  });
});
