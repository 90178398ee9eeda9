import type { Locator, Page } from 'playwright-core';

// Mantine's Select and MultiSelect: find the combobox by its label within `scope`, open its list
// (typing `search` opens a searchable one; a click could close a list the page opened on focus),
// then pick the option by its visible text, since an option's accessible name may add its group's
// heading. The list renders in a portal, outside the scope, so the option is looked up on the page.
export async function selectOption(
  page: Page,
  scope: Page | Locator,
  label: string | RegExp,
  option: string,
  search?: string,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  if (search) await box.fill(search);
  else await box.click();
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('option')
    .filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) })
    .first()
    .click();
}
