import { HOME_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 19 (done when): "a shortcut edited in the JSON editor appears on /home". The administrator
// opens Settings > Shortcuts, changes a shortcut's title in the editor's code mode (CodeMirror, typed
// as a person types), saves, and finds the shortcut under its new title on /home. The page passes axe.
describe('Settings > Shortcuts', () => {
  it("the administrator edits a shortcut's title in the JSON editor and sees it on /home", async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/settings/shortcuts'));
      await page.getByRole('heading', { level: 1, name: 'Shortcuts' }).waitFor();
      // The editor is its own chunk, loaded when the page shows it.
      const code = page.locator('.attest-json-editor .cm-content');
      await code.waitFor();
      expect(await page.getByRole('radio', { name: 'Code' }).isChecked()).toBe(true);
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

      // The first shortcut's title line, as the editor shows the stored JSON: `"title": "...",`.
      const line = page.locator('.attest-json-editor .cm-line', { hasText: '"title": "' }).first();
      const before = (await line.textContent()) ?? '';
      const oldTitle = /"title": "([^"]*)"/.exec(before)?.[1];
      expect(oldTitle).toBeTruthy();
      const stamp = `edited ${Date.now()}`;
      await line.click();
      await page.keyboard.press('End');
      // Back over the closing quote (and the comma after it, when another key follows).
      for (let i = 0; i < (before.trimEnd().endsWith(',') ? 2 : 1); i++)
        await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(` ${stamp}`);
      const newTitle = `${oldTitle} ${stamp}`;
      expect(await line.textContent()).toContain(`"title": "${newTitle}"`);
      // The form beside the editor follows the JSON.
      await page.getByRole('button', { name: new RegExp(newTitle) }).waitFor();
      await page.getByText('The configuration matches the schema.').waitFor();

      const saved = page.waitForResponse(
        (r) => new URL(r.url()).pathname === HOME_PATHS.adminConfig && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Changes saved.').waitFor();

      await page.goto(tenantUrl('acme', '/home'));
      await page.getByRole('article', { name: newTitle }).waitFor();
      expect(await page.getByRole('article', { name: oldTitle, exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
