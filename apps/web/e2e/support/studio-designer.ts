import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { tenantUrl } from './browser.js';

// The studio designer and the app page's release steps as the vendor offboarding journey
// (studio-vendor-offboarding.e2e.ts) drives them.

// The designer saves a moment after each edit; 'Saved' is its save badge once the branch has it.
export async function designerSaved(page: Page) {
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

export const panel = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
export const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

export async function renameSelected(page: Page, name: string) {
  await panel(page).getByRole('textbox', { name: 'Name', exact: true }).fill(name);
}

// Adds a field of `type` from the step panel's palette, names it (and `then` sets more on its
// panel) and goes back to the step.
export async function addField(
  page: Page,
  type: string,
  label: string,
  then?: (field: Page) => Promise<void>,
) {
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

export async function openStep(page: Page, laneName: string, index: number) {
  await lane(page, laneName).getByTestId('designer-step').nth(index).locator('button[aria-pressed]').click();
  await panel(page).getByRole('heading', { name: 'Step', exact: true }).waitFor();
}

// Savepoint of main -> version -> ready for test -> approved -> deployed to Production, on the
// app page's tabs, as a designer releases.
export async function release(page: Page, slug: string, appPath: string, message: string, version: string) {
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
