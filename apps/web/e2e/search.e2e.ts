import { randomUUID } from 'node:crypto';
import { TASKS_PATHS } from '@attest/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { seriousViolations } from './support/offboarding-tenant.js';
import { selectOption } from './support/select-option.js';

// Issue 16 (done when): Ctrl+K finds a workflow by a word of one of its answers. The analyst
// answers a new onboarding with a word no other workflow has, finds it from the palette with the
// word highlighted, and Enter opens it. The header's navigation shows the open-task count, and the
// /search page passes axe.

async function createOnboarding(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog, /^Workflow type/, 'Supplier Onboarding');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await selectOption(page, dialog, /^Region/, 'Europe');
  await selectOption(page, dialog, /^Business unit/, 'Procurement EU');
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await page.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
  return Number(/^\/process\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);
}

describe('global search', () => {
  it('Ctrl+K finds a workflow by a word of one of its answers, highlighted, and Enter opens it', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'analyst@acme.test');
    // Letters only, so the word is one token whatever the search splits on.
    const word = `Quillon${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
    const workflowId = await createOnboarding(page, `Search journey ${randomUUID().slice(0, 8)}`);
    await page.getByLabel('Supplier legal name').fill(`Contoso ${word} GmbH`);
    await page.getByLabel('Supplier legal name').press('Tab');
    await page.getByText('All changes saved', { exact: true }).first().waitFor();

    // From elsewhere in the app: the header's navigation, with the person's open-task count.
    await page.goto(tenantUrl('acme', '/mysubscriptions'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await nav.getByRole('link', { name: 'Workflows' }).waitFor();
    const counts = await page.evaluate(async (path) => {
      const response = await fetch(path, { headers: { Accept: 'application/json' } });
      return (await response.json()) as { mine: number };
    }, TASKS_PATHS.counts);
    const tasks = nav.getByRole('link', { name: /^Tasks/ });
    await tasks.waitFor();
    if (counts.mine > 0) {
      const shown = counts.mine > 99 ? '99+' : String(counts.mine);
      await expect.poll(() => tasks.getByTestId('nav-task-count').textContent()).toBe(shown);
    } else {
      expect(await tasks.getByTestId('nav-task-count').count()).toBe(0);
    }

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search workflows' });
    await palette.getByRole('textbox', { name: 'Search workflows' }).fill(word.toLowerCase());
    const result = palette
      .locator('[data-testid=search-palette-result]')
      .filter({ hasText: `#${workflowId}` });
    await result.waitFor();
    expect(await palette.locator('[data-testid=search-palette-result]').count()).toBe(1);
    expect((await result.locator('mark').first().textContent())?.toLowerCase()).toBe(word.toLowerCase());
    // The open palette, its first row selected, passes axe too.
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/process/${workflowId}`);

    // The search page for the same word: its results, and no serious accessibility problem.
    await page.goto(tenantUrl('acme', `/search?q=${word}`));
    await page.getByRole('region', { name: 'Supplier Onboarding' }).waitFor();
    await page.getByRole('link', { name: new RegExp(`#${workflowId}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await page.getByText('Across all kinds the filter offers', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
