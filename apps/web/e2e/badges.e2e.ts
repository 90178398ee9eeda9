import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { selectOption } from './support/select-option.js';

// Each answer is saved when the field is left; wait for the save before going on.
async function saved(page: Page) {
  await page.getByText('All changes saved', { exact: true }).first().waitFor();
}

const chip = (scope: Page | Locator, tag: string) => scope.locator(`[data-badge-tag="${tag}"]`);

// Issue 19 (done when): the administrator defines a badge with a rule on an answer; a workflow that
// meets the rule shows it in the list and on its page; the analyst filters the list by the badge;
// changing the answer withdraws it.
describe('badges', () => {
  // Two people and a dozen screens on a shared two-core machine.
  it('an administrator defines a badge, a workflow earns it, the analyst filters by it, and a changed answer withdraws it', {
    timeout: 150_000,
  }, async () => {
    const tag = `strategic_${Date.now().toString(36)}`;
    const label = `Strategic ${tag.slice(-4)}`;
    const admin = await newPage();
    const analyst = await newPage();
    try {
      // The administrator: Settings > Badges > New badge, over Supplier Onboarding's spend.
      const a = admin.page;
      await signIn(a, 'acme', 'admin@acme.test');
      await a.goto(tenantUrl('acme', '/settings/badges'));
      await a.getByRole('heading', { level: 1, name: 'Badges' }).waitFor();
      await a.getByRole('button', { name: 'New badge' }).click();
      const dialog = a.getByRole('dialog', { name: 'New badge' });
      await dialog.getByRole('textbox', { name: /^Tag/ }).fill(tag);
      await dialog.getByRole('textbox', { name: /^Label/ }).fill(label);
      await selectOption(a, dialog, 'Workflow kind', 'Supplier Onboarding');
      await dialog.getByRole('button', { name: 'Add condition' }).click();
      const condition = dialog.getByRole('group', { name: 'Condition 1' });
      await selectOption(a, condition, 'Field', 'Expected annual spend', 'Expected annual');
      await selectOption(a, condition, 'Operator', 'greater than or equal to');
      await condition.getByRole('textbox', { name: 'Value' }).fill('5000000');
      expect(await seriousViolations(a, { include: ['[role=dialog]'] })).toEqual([]);
      await dialog.getByRole('button', { name: 'Create badge' }).click();
      await dialog.waitFor({ state: 'detached' });
      await a.getByTestId(`badge-row-${tag}`).waitFor();
      expect(await seriousViolations(a, { include: ['main'] })).toEqual([]);

      // The analyst creates a supplier whose spend meets the rule.
      const p = analyst.page;
      await signIn(p, 'acme', 'analyst@acme.test');
      await p.getByRole('button', { name: 'New workflow' }).first().click();
      const create = p.getByRole('dialog');
      await selectOption(p, create, /^Workflow type/, 'Supplier Onboarding');
      const name = `Badge check ${tag}`;
      await create.getByRole('textbox', { name: /^Name/ }).fill(name);
      await selectOption(p, create, /^Region/, 'Europe');
      await selectOption(p, create, /^Business unit/, 'Procurement EU');
      await create.getByRole('button', { name: 'Create workflow' }).click();
      await p.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
      const processUrl = p.url();
      await p.getByRole('heading', { name }).waitFor();
      await p.getByLabel('Expected annual spend').fill('9000000');
      await p.getByLabel('Expected annual spend').press('Tab');
      // The amount is saved with its currency.
      await selectOption(p, p, 'Currency', 'EUR · Euro', 'EUR');
      await saved(p);

      // Its page shows the badge at once (the page evaluates the changed workflow).
      await chip(p, tag).waitFor();
      expect(await chip(p, tag).textContent()).toContain(label);

      // The list shows it under the workflow's name.
      await p.goto(tenantUrl('acme', '/workflows/instances/'));
      const row = p.getByRole('row', { name: new RegExp(name) });
      await chip(row, tag).waitFor();

      // The analyst filters the list by the badge, picked by its label.
      await p.getByRole('button', { name: 'Advanced filters' }).click();
      const panel = p.getByRole('group', { name: 'Advanced filter' });
      await panel.getByRole('button', { name: 'Add condition' }).first().click();
      const byBadge = panel.getByRole('group', { name: 'Condition 1' });
      await selectOption(p, byBadge, 'Field', 'Workflow badges', 'badges');
      await selectOption(p, byBadge, 'Operator', 'is any of');
      await selectOption(p, byBadge, 'Value', label, label.slice(0, 6));
      await p.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => new URL(p.url()).searchParams.get('advanced_filters') ?? '').toContain(tag);
      await row.waitFor();
      // Every row listed holds the badge.
      const rows = p.locator('tbody tr');
      await expect
        .poll(
          async () => (await rows.count()) > 0 && (await rows.count()) === (await chip(rows, tag).count()),
        )
        .toBe(true);
      const filteredUrl = p.url();

      // Changing the answer withdraws it: from the page, and from the filtered list.
      await p.goto(processUrl);
      await chip(p, tag).waitFor();
      await p.getByLabel('Expected annual spend').fill('1000');
      await p.getByLabel('Expected annual spend').press('Tab');
      // Leaving the amount opens the currency's list; the currency stays.
      await p.keyboard.press('Escape');
      await saved(p);
      await chip(p, tag).waitFor({ state: 'detached' });
      await p.goto(filteredUrl);
      await p.locator('tbody').waitFor();
      await expect.poll(() => p.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);
    } finally {
      await admin.context.close();
      await analyst.context.close();
    }
  });
});
