import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 14: at 1440 x 900 the dashboard's default columns fit beside the sidebar (the eighth,
// Business unit, ran past the right edge), and a value cut short shows whole on hover.
describe('dashboard layout at 1440 px', () => {
  it('fits the default columns beside the sidebar, without sideways scrolling', async () => {
    const { page, context } = await newPage();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/workflows/instances'));
      const table = page.getByRole('table', { name: 'Workflows' });
      // A row that links to its workflow: the list has loaded (the loading skeleton has rows too).
      await table.locator('tbody tr a[href^="/process/"]').first().waitFor();
      const layout = await table.evaluate((element) => {
        // The table's own scroll box: the nearest ancestor that scrolls sideways.
        let box: HTMLElement = element as HTMLElement;
        while (box.parentElement && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
          box = box.parentElement;
        }
        const edge = box.getBoundingClientRect().right;
        const headers = Array.from(element.querySelectorAll('thead th'));
        const cut = Array.from(element.querySelectorAll<HTMLElement>('tbody td [data-truncate]')).filter(
          (cell) => cell.scrollWidth > cell.clientWidth,
        );
        return {
          columns: headers.length,
          scrolls: box.scrollWidth > box.clientWidth,
          pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
          lastHeaderInside:
            (headers.at(-1)?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY) <= edge,
          cutWithoutTitle: cut.filter((cell) => !cell.title).map((cell) => cell.textContent),
        };
      });
      expect(layout).toEqual({
        columns: 8,
        scrolls: false,
        pageScrolls: false,
        lastHeaderInside: true,
        cutWithoutTitle: [],
      });
      await page.getByRole('region', { name: 'Workflow types' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
