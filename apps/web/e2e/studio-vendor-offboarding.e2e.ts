import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { createOffboardingTenant, people } from './support/offboarding-tenant.js';
import { selectOption } from './support/select-option.js';
import {
  addField,
  designerSaved,
  lane,
  openStep,
  panel,
  release,
  renameSelected,
} from './support/studio-designer.js';

// Issue 15's done-when: a designer builds "Vendor offboarding" from an empty app in the designer,
// deploys it to Production; an analyst starts one and submits its first step; the designer adds a
// field, deploys 1.1, sees the diff and moves the running workflow to 1.1, and the analyst sees the
// new field. A second designer edits the same app on a branch meanwhile, and neither is blocked.

describe('studio journey: vendor offboarding', () => {
  it('is built in the designer, deployed, run, changed to 1.1 and moved, while a second designer works on a branch', async () => {
    const slug = await createOffboardingTenant();
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

      await release(page, slug, appPath, 'First cut', '1.0');

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

      await release(page, slug, appPath, 'Access ticket', '1.1');

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
