import { randomUUID } from 'node:crypto';
import { PERMISSION_CODENAMES, TASKS_PATHS } from '@attest/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { createTenant } from '../../server/src/db/seed/create-tenant.js';
import { seedDemoWorkflowSetup } from '../../server/src/db/seed/demo-workflows.js';
import ar from '../src/locales/ar.json' with { type: 'json' };
import { seriousViolations } from './support/axe.js';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
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

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

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

  it('reads right to left in Arabic: the navigation, the palette and the search page', async () => {
    const slug = `e2e-search-${randomUUID().slice(0, 8)}`;
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
    await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${slug}.test`, perKind: 2 });
    const workflow = await adminDb
      .selectFrom('workflows')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { page } = await newPage();
    await signIn(page, slug, `admin@${slug}.test`);
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    const nav = page.getByRole('navigation', { name: ar.nav.label });
    await nav.getByRole('link', { name: ar.nav.home }).waitFor();
    // Right to left, the navigation follows the tenant's name leftwards. Asked until the header
    // settles: its menus that depend on what the person may see (records, studio) arrive after it.
    const navEndsBeforeName = async () => {
      const name = await page.locator('[data-testid=header-logo]').boundingBox();
      const links = await nav.boundingBox();
      return Boolean(links && name && links.x + links.width <= name.x);
    };
    await expect.poll(navEndsBeforeName).toBe(true);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: ar.search.palette.title });
    await palette.getByRole('textbox', { name: ar.search.box.label }).fill(`#${workflow.id}`);
    await palette.locator('[data-testid=search-palette-result]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(tenantUrl(slug, `/search?q=${encodeURIComponent(`#${workflow.id}`)}`));
    await page.getByRole('link', { name: new RegExp(`#${workflow.id}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
