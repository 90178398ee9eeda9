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
  await box.scrollIntoViewIfNeeded();
  await untilWhollyShown(box);
  if (search) await box.fill(search);
  else await box.click();
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('option')
    .filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) })
    .first()
    .click();
}

// Mantine hides a list (display: none) whose box was clipped at the moment it opened, and keeps it
// hidden: a box in an accordion panel that is still sliding open is clipped by the panel. Playwright's
// "stable" check does not see this, since the box itself does not move while the panel grows.
async function untilWhollyShown(box: Locator): Promise<void> {
  await box.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        // Past three seconds, go on and let the click report what it finds.
        setTimeout(resolve, 3000);
        const observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.intersectionRatio >= 0.99)) {
              observer.disconnect();
              resolve();
            }
          },
          { threshold: [0.99, 1] },
        );
        observer.observe(element);
      }),
  );
}
