import { randomUUID } from 'node:crypto';
import { PERMISSION_CODENAMES } from '@attest/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { createTenant } from '../../server/src/db/seed/create-tenant.js';
import { seedDemoWorkflowSetup } from '../../server/src/db/seed/demo-workflows.js';
import ar from '../src/locales/ar.json' with { type: 'json' };
import { seriousViolations } from './support/axe.js';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// Issue 16, the task inbox: a group's task claimed and submitted leaves the list of everyone who
// sees it, live; /tasks passes axe as a list and as swimlanes, and reads right to left in Arabic.

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const INTAKE = 'Supplier details';
// Newest task first, so a workflow just created is on the first page of a big demo tenant.
const GROUP_TASKS = '/tasks?tab=group&sort=-age';
// The app header is another feature's; accessibility.e2e.ts walks it on every route.
const OUTSIDE_HEADER = { exclude: [['header']] };

const taskRow = (page: Page, step: string, workflowName: string) =>
  page.getByRole('listitem', { name: step }).filter({ hasText: workflowName });

async function createOnboarding(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog, /^Workflow type/, 'Supplier Onboarding');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await selectOption(page, dialog, /^Region/, 'Europe');
  await selectOption(page, dialog, /^Business unit/, 'Procurement EU');
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await page.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
}

async function saved(page: Page) {
  await page.getByText('All changes saved', { exact: true }).first().waitFor();
}

// The intake's answers, as process.e2e.ts gives them, then its submission.
async function fillAndSubmitIntake(page: Page): Promise<void> {
  await page.getByLabel('Supplier legal name').fill('Contoso Pharma GmbH');
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
  await page.getByLabel('Supplier contact e-mail').fill('compliance@contoso.example');
  await page.getByLabel('Supplier contact e-mail').press('Tab');
  await saved(page);
  const submitted = page.waitForResponse(
    (r) => r.url().includes('/submit/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit step' }).click();
  expect((await submitted).status()).toBe(200);
}

describe('the task inbox', () => {
  it("the analyst claims a group's task and submits it; it leaves the admin's list without a reload", async () => {
    const name = `Contoso Pharma onboarding ${randomUUID().slice(0, 6)}`;
    // The admin creates the workflow: its intake is the Procurement group's, held by nobody.
    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    await createOnboarding(admin, name);
    await admin.goto(tenantUrl('acme', GROUP_TASKS));
    const adminRow = taskRow(admin, INTAKE, name);
    await adminRow.waitFor();

    const analyst = (await newPage()).page;
    await signIn(analyst, 'acme', 'analyst@acme.test');
    await analyst.goto(tenantUrl('acme', GROUP_TASKS));
    const row = taskRow(analyst, INTAKE, name);
    await row.waitFor();
    const claimed = analyst.waitForResponse((r) => r.url().endsWith('/claim/'));
    await row.getByRole('button', { name: `Claim ${INTAKE} of ${name}` }).click();
    expect((await claimed).status()).toBe(200);
    // Her own claim reads as hers; the admin sees her name.
    await row.getByText('Claimed by you').waitFor();
    // The admin's list shows the claim live.
    await adminRow.getByText('Claimed by Ana Analyst').waitFor({ timeout: 10_000 });

    // The row's workflow link opens the step on the process page; the analyst submits it there.
    await row.getByRole('link', { name }).click();
    await analyst.waitForURL((url) => /^\/process\/\d+/.test(url.pathname) && url.searchParams.has('step'));
    await fillAndSubmitIntake(analyst);

    // Gone from the admin's list, which was not reloaded; the next step is the Compliance group's.
    await expect.poll(() => adminRow.count(), { timeout: 10_000 }).toBe(0);
    await taskRow(admin, 'Sanctions and adverse media screening', name).waitFor({ timeout: 10_000 });
    await analyst.goto(tenantUrl('acme', GROUP_TASKS));
    await taskRow(analyst, 'Sanctions and adverse media screening', name).waitFor();
    expect(await taskRow(analyst, INTAKE, name).count()).toBe(0);
  });

  it('has no serious accessibility violation as a list or as swimlanes', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(tenantUrl('acme', '/tasks?tab=all'));
    await page.getByRole('listitem').first().waitFor();
    expect(await seriousViolations(page, OUTSIDE_HEADER)).toEqual([]);
    await page.getByText('Swimlanes', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'swimlane');
    await page.getByRole('region').first().waitFor();
    expect(await seriousViolations(page, OUTSIDE_HEADER)).toEqual([]);
  });

  it('reads right to left in Arabic: the row starts on the right', async () => {
    const slug = `e2e-tasks-${randomUUID().slice(0, 8)}`;
    const tenant = await createTenant(adminDb, {
      slug,
      name: `E2E ${slug}`,
      configuration: { supported_languages: ['en', 'ar'] },
      regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
      groups: [{ name: 'Administrators', permissions: PERMISSION_CODENAMES }],
      users: [
        {
          email: `admin@${slug}.test`,
          password: DEMO_PASSWORD,
          first_name: 'Amal',
          last_name: 'Haddad',
          groups: ['Administrators'],
          prefered_language: 'ar',
        },
      ],
    });
    await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${slug}.test`, perKind: 3 });
    const { page } = await newPage();
    await signIn(page, slug, `admin@${slug}.test`);
    await page.goto(tenantUrl(slug, '/tasks?tab=all'));
    await page.getByRole('heading', { name: ar.tasks.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const row = page.getByTestId('task-row').first();
    await row.waitFor();
    const edges = await row.evaluate((el) => {
      const style = getComputedStyle(el);
      return { right: style.borderRightWidth, left: style.borderLeftWidth };
    });
    expect(edges).toEqual({ right: '3px', left: '0px' });
    // The type badge (the row's start) sits right of the avatars (its end).
    const badge = await row.locator('.mantine-Badge-root').first().boundingBox();
    const avatars = await row.getByTestId('task-avatars').boundingBox();
    if (badge && avatars) expect(badge.x).toBeGreaterThan(avatars.x);
    expect(await seriousViolations(page, OUTSIDE_HEADER)).toEqual([]);
  });
});
