import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PERMISSION_CODENAMES } from '@attest/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';
import { createE2eTenant } from './support/tenants.js';

// Issue 15's done-when: a designer builds "Vendor offboarding" from an empty app in the designer,
// deploys it to Production; an analyst starts one and submits its first step; the designer adds a
// field, deploys 1.1, sees the diff and moves the running workflow to 1.1, and the analyst sees the
// new field. A second designer edits the same app on a branch meanwhile, and neither is blocked.
// A tenant of the journey's own, so its two designers and its app list start empty.

const DESIGNERS = 'Designers';
const people = {
  first: { email: 'dana@offboarding.test', first_name: 'Dana', last_name: 'Designer' },
  second: { email: 'dev@offboarding.test', first_name: 'Dev', last_name: 'Designer' },
  analyst: { email: 'ana@offboarding.test', first_name: 'Ana', last_name: 'Analyst' },
} as const;

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The critical and serious axe violations of the page as it stands (rule id and targets).
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const { axe } = window as unknown as { axe: { run: (c: Document, o: object) => Promise<Result> } };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// Fixture, not journey: the analyst may create workflows in Europe (full access to the region), as
// the demo seed grants its analysts. Written straight into the database like the tenant itself;
// granting it in the administration's user access editor is that screen's journey, not this one's.
async function grantEurope(tenantSlug: string, email: string): Promise<void> {
  const tenant = await adminDb
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', tenantSlug)
    .executeTakeFirstOrThrow();
  const user = await adminDb
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const region = await adminDb
    .selectFrom('regions')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('name', '=', 'Europe')
    .executeTakeFirstOrThrow();
  await adminDb
    .insertInto('user_region_access')
    .values({ tenant_id: tenant.id, user_id: user.id, region_id: region.id, access: 'full' })
    .execute();
}

async function createOffboardingTenant(): Promise<string> {
  const created = await createE2eTenant({
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [
      { name: DESIGNERS, permissions: PERMISSION_CODENAMES },
      {
        name: 'Analysts',
        permissions: [
          'can_view_dashboard',
          'can_view_tasks',
          'can_submit_step',
          'can_view_process_report',
          'can_view_workflow_profile',
          'can_view_workflow_status',
          'can_view_progress_map',
          'can_view_activity_log',
        ],
      },
    ],
    users: [
      { ...people.first, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.second, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.analyst, password: DEMO_PASSWORD, groups: ['Analysts'] },
    ],
  });
  await grantEurope(created, people.analyst.email);
  return created;
}

// The designer saves a moment after each edit; 'Saved' is its save badge once the branch has it.
async function designerSaved(page: Page) {
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /^(Saved|Unsaved changes|Saving…|Not saved)$/ })
          .first()
          .textContent(),
      {
        timeout: 20_000,
      },
    )
    .toBe('Saved');
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function renameSelected(page: Page, name: string) {
  await panel(page).getByRole('textbox', { name: 'Name', exact: true }).fill(name);
}

// Adds a field of `type` from the step panel's palette, names it (and `then` sets more on its
// panel) and goes back to the step.
async function addField(page: Page, type: string, label: string, then?: (field: Page) => Promise<void>) {
  // By keyboard: typing filters the palette to the type (first in the list), arrow and Enter pick
  // it. A click on the option raced the panel's re-render (the list closed under the pointer).
  const palette = panel(page).getByRole('combobox', { name: 'Add a field' });
  await palette.scrollIntoViewIfNeeded();
  await palette.fill(type);
  await palette.press('ArrowDown');
  await palette.press('Enter');
  const field = page.getByTestId('designer-field-panel');
  await field.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  await then?.(page);
  await field.getByRole('button', { name: 'Back to the step' }).click();
}

async function openStep(page: Page, laneName: string, index: number) {
  await lane(page, laneName).getByTestId('designer-step').nth(index).locator('button[aria-pressed]').click();
  await panel(page).getByRole('heading', { name: 'Step', exact: true }).waitFor();
}

// Savepoint of main -> version -> ready for test -> approved -> deployed to Production, on the
// app page's tabs, as a designer releases.
async function release(page: Page, appPath: string, message: string, version: string) {
  await page.goto(tenantUrl(slug, `${appPath}?tab=savepoints`));
  await page.getByRole('button', { name: 'Savepoint of main' }).click();
  const savepoint = page.getByRole('dialog');
  await savepoint.getByLabel('Message').fill(message);
  await savepoint.getByRole('button', { name: 'Create savepoint' }).click();
  const row = page.getByTestId('studio-savepoints').getByRole('row').filter({ hasText: message });
  await row.getByRole('button', { name: 'Make version' }).click();
  const make = page.getByRole('dialog', { name: 'Make a version' });
  await make.getByRole('radio', { name: new RegExp(`\\(${version.replace('.', '\\.')}\\)`) }).check();
  await make.getByRole('button', { name: 'Make version' }).click();
  await make.waitFor({ state: 'detached' });

  await page.getByRole('tab', { name: /Versions/ }).click();
  const versionRow = page.getByTestId(`studio-version-${version}`);
  await versionRow.getByRole('button', { name: 'Send for test' }).click();
  await versionRow.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: `Review version ${version}` });
  await review.getByRole('button', { name: 'Approve' }).click();
  await review.waitFor({ state: 'detached' });
  await versionRow.getByText('Approved', { exact: true }).waitFor();
  await versionRow.getByRole('button', { name: 'Deploy' }).click();
  await page.getByRole('menuitem', { name: 'Production' }).click();
  await page
    .getByRole('dialog', { name: /Deploy version/ })
    .getByRole('button', { name: 'Deploy' })
    .click();
  await versionRow.getByText('Production', { exact: true }).waitFor({ timeout: 20_000 });
}

let slug = '';

describe('studio journey: vendor offboarding', () => {
  it('is built in the designer, deployed, run, changed to 1.1 and moved, while a second designer works on a branch', async () => {
    slug = await createOffboardingTenant();
    const designer = await newPage();
    const analyst = await newPage();
    const second = await newPage();
    try {
      const page = designer.page;
      await signIn(page, slug, people.first.email);

      // An empty app, and a new process in it.
      await page.goto(tenantUrl(slug, '/studio/apps/'));
      await page.getByRole('button', { name: 'New app' }).first().click();
      const newApp = page.getByRole('dialog', { name: 'New app' });
      await newApp.getByLabel('Name').fill('Vendor offboarding');
      await newApp.getByRole('button', { name: 'Create app' }).click();
      await page.waitForURL(/\/studio\/apps\/\d+$/);
      const appPath = new URL(page.url()).pathname;
      await page.getByRole('button', { name: 'New process' }).first().click();
      const newProcess = page.getByRole('dialog', { name: 'New process' });
      await newProcess.getByLabel('Process name').fill('Vendor offboarding');
      await newProcess.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/designer\/[a-z_]+$/);
      const designerPath = new URL(page.url()).pathname;
      const processTag = designerPath.split('/').at(-1) as string;

      // Three statuses.
      await panel(page).getByRole('button', { name: 'Add status' }).click();
      await panel(page).getByRole('button', { name: 'Add status' }).click();
      const statusNames = panel(page).getByRole('textbox', { name: 'Status name' });
      await statusNames.nth(1).fill('In review');
      await statusNames.nth(2).fill('Closed');
      expect(await statusNames.count()).toBe(3);

      // Two step groups of two steps each.
      await page.getByRole('button', { name: 'Add step group' }).click();
      await expect.poll(() => page.getByTestId('designer-lane').count()).toBe(2);
      await page
        .getByTestId('designer-lane')
        .nth(0)
        .getByRole('button', { name: /^New group/ })
        .click();
      await renameSelected(page, 'Request');
      await page
        .getByTestId('designer-lane')
        .nth(1)
        .getByRole('button', { name: /^New group/ })
        .click();
      await renameSelected(page, 'Settlement');
      await lane(page, 'Request').getByRole('button', { name: 'Add step' }).click();
      await lane(page, 'Settlement').getByRole('button', { name: 'Add step' }).click();

      // Request / Offboarding request: four fields; submitting it sets "In review".
      await openStep(page, 'Request', 0);
      await renameSelected(page, 'Offboarding request');
      await addField(page, 'Short text', 'Vendor name');
      await addField(page, 'Single select', 'Reason');
      await addField(page, 'Date', 'Last service date');
      await addField(page, 'Yes / no', 'Holds personal data');
      await selectOption(page, panel(page), 'Status set on submit', 'In review');

      // Request / Revoke access: two fields, the e-mail shown only when personal data is held.
      await openStep(page, 'Request', 1);
      await renameSelected(page, 'Revoke access');
      await addField(page, 'Long text', 'Systems to revoke');
      await addField(page, 'E-mail', 'Data protection contact', async (p) => {
        await panel(p).getByRole('button', { name: 'Add condition' }).click();
        await selectOption(p, panel(p), /^Field$/, 'Holds personal data (bool)');
        await selectOption(p, panel(p), /^Operator$/, 'equals');
        await panel(p).getByRole('textbox', { name: 'Value', exact: true }).fill('true');
        await panel(p).getByRole('textbox', { name: 'Value', exact: true }).press('Tab');
      });

      // Settlement: one field each.
      await openStep(page, 'Settlement', 0);
      await renameSelected(page, 'Settle invoices');
      await addField(page, 'Whole number', 'Open invoices');
      await selectOption(page, panel(page), 'Status set on submit', 'Closed');
      await openStep(page, 'Settlement', 1);
      await renameSelected(page, 'Archive records');
      await addField(page, 'Web address', 'Archive location');
      await designerSaved(page);
      expect(await page.getByTestId('designer-issue-count').textContent()).toBe('No problems');
      expect(await page.getByTestId('designer-step').count()).toBe(4);
      // Eight fields over the four steps, as the cards count them.
      const cards = await page.getByTestId('designer-step').allTextContents();
      expect(cards.map((card) => Number(/Fields: (\d+)/.exec(card)?.[1]))).toEqual([4, 2, 1, 1]);
      expect(await seriousViolations(page)).toEqual([]);

      await release(page, appPath, 'First cut', '1.0');

      // The analyst starts one from "New workflow" and submits its first step.
      await signIn(analyst.page, slug, people.analyst.email);
      const a = analyst.page;
      await a.getByRole('button', { name: 'New workflow' }).first().click();
      const create = a.getByRole('dialog');
      await selectOption(a, create, /^Workflow type/, 'Vendor offboarding');
      await create.getByRole('textbox', { name: /^Name/ }).fill('Contoso offboarding');
      await selectOption(a, create, /^Region/, 'Europe');
      await selectOption(a, create, /^Business unit/, 'Procurement EU');
      await create.getByRole('button', { name: 'Create workflow' }).click();
      await a.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
      const workflowPath = new URL(a.url()).pathname;
      await a.getByLabel('Vendor name').fill('Contoso Ltd');
      await a.getByLabel('Vendor name').press('Tab');
      await a.getByText('All changes saved', { exact: true }).first().waitFor();
      await a.getByRole('button', { name: 'Submit step' }).click();
      const status = a.getByTestId('workflow-status');
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('In review');
      await a.getByLabel('Systems to revoke').waitFor();
      // Personal data was not declared, so its contact stays hidden.
      expect(await a.getByLabel('Data protection contact').count()).toBe(0);

      // A second designer takes a branch of the same app and edits it while the first edits main.
      await signIn(second.page, slug, people.second.email);
      const s = second.page;
      await s.goto(tenantUrl(slug, `${appPath}?tab=branches`));
      await s.getByRole('button', { name: 'New branch' }).click();
      const branch = s.getByRole('dialog', { name: 'New branch' });
      await branch.getByLabel('Name').fill('wording');
      await branch.getByRole('button', { name: 'Create branch' }).click();
      await branch.waitFor({ state: 'detached' });
      await s.goto(tenantUrl(slug, `${appPath}/wording/designer/${processTag}`));
      await openStep(s, 'Settlement', 1);

      await page.goto(tenantUrl(slug, designerPath));
      await openStep(page, 'Request', 1);
      // Both edit at once: the first adds the field, the second renames a step on the branch.
      await Promise.all([
        addField(page, 'Short text', 'Access ticket number', (p) =>
          p
            .getByTestId('designer-field-panel')
            .getByRole('textbox', { name: 'Tag', exact: true })
            .fill('access_ticket'),
        ),
        renameSelected(s, 'Archive vendor records'),
      ]);
      await Promise.all([designerSaved(page), designerSaved(s)]);
      await s.reload();
      await lane(s, 'Settlement').getByText('Archive vendor records').waitFor();

      await release(page, appPath, 'Access ticket', '1.1');

      // The diff of 1.1 against 1.0 names the added field.
      const v11 = page.getByTestId('studio-version-1.1');
      await v11.getByRole('link', { name: 'Compare with 1.0' }).click();
      await page.waitForURL(/\/diff\?/);
      await page
        .locator('[data-testid=diff-change][data-kind=added]')
        .filter({ hasText: 'access_ticket' })
        .first()
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Move the running workflow to 1.1.
      await page.goto(tenantUrl(slug, `${appPath}?tab=versions`));
      await page
        .getByTestId('studio-version-1.1')
        .getByRole('button', { name: 'Move running workflows' })
        .click();
      const move = page.getByRole('dialog', { name: /Move running workflows/ });
      await move.getByTestId('studio-move-counts').waitFor();
      expect(await move.getByTestId('studio-move-counts').textContent()).toMatch(/^1 can move/);
      await move.getByRole('checkbox', { name: /Move every movable workflow/ }).check();
      await move.getByRole('button', { name: 'Move 1 workflow' }).click();
      await move.getByText('Finished', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);

      // The analyst's workflow now shows the new field on its open step.
      await a.goto(tenantUrl(slug, workflowPath));
      await a.getByLabel('Access ticket number').waitFor({ timeout: 15_000 });
    } finally {
      await Promise.all([designer.context.close(), analyst.context.close(), second.context.close()]);
    }
  }, 240_000);
});
