import { ADMIN_PATHS, GLOBAL_SETTINGS_PATH, PLACES_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { ADMIN, ANALYST, createPeopleTenant } from './support/people.js';
import { selectOption } from './support/select-option.js';

// Issue 19 (done when): "an administrator ... adds a region; the analyst sees them after a reload".
// The administrator adds a region in Settings > Access and grants the analyst read access to it from
// the region's "Who sees it" tab (the Users page's access editor); the analyst, signed in meanwhile,
// reloads the dashboard and finds the region in the region filter. Both settings pages pass axe.
describe('Settings > Access and Global settings', () => {
  it('the administrator adds a region and grants the analyst, who sees it in the region filter after a reload', async () => {
    const tenant = await createPeopleTenant();
    const region = `Antarctica ${Date.now() % 100000}`;
    const analyst = await newPage();
    const admin = await newPage();
    try {
      await signIn(analyst.page, tenant, ANALYST.email);
      await analyst.page.goto(tenantUrl(tenant, '/workflows/instances'));
      await analyst.page.getByRole('combobox', { name: 'Region' }).waitFor();

      const { page } = admin;
      await signIn(page, tenant, ADMIN.email);
      await page.goto(tenantUrl(tenant, '/settings/access'));
      await page.getByRole('heading', { level: 1, name: 'Access' }).waitFor();
      await page.getByText('No regions yet. Add the first one.').waitFor();
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

      await page.getByRole('button', { name: 'Add region' }).click();
      await page.getByLabel('Region name').fill(region);
      const created = page.waitForResponse(
        (r) => new URL(r.url()).pathname === PLACES_PATHS.regions && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Create' }).click();
      expect((await created).status()).toBe(201);
      // The new region opens, ready for its business units and its people.
      const drawer = page.getByRole('dialog', { name: 'Region' });
      await drawer.getByRole('heading', { name: region }).waitFor();
      await drawer.getByText('No business units in this region yet.').waitFor();
      await drawer.getByPlaceholder('New business unit name').fill('McMurdo');
      await drawer.getByRole('button', { name: 'Add' }).click();
      await drawer.getByRole('cell', { name: 'McMurdo', exact: true }).waitFor();

      await drawer.getByRole('tab', { name: 'Who sees it' }).click();
      await drawer.getByText('Nobody has access yet.').waitFor();
      await drawer.getByRole('button', { name: 'Grant access' }).click();
      const grant = page.getByRole('dialog', { name: 'Grant access' });
      await selectOption(
        page,
        grant,
        'Person',
        `${ANALYST.first_name} ${ANALYST.last_name} (${ANALYST.email})`,
        'Ana',
      );
      await grant.getByRole('radiogroup', { name: region }).getByText('Read').click();
      const saved = page.waitForResponse(
        (r) =>
          /\/api\/v1\/admin\/users\/\d+\/access\/$/.test(new URL(r.url()).pathname) &&
          r.request().method() === 'PUT',
      );
      await grant.getByRole('button', { name: 'Save access' }).click();
      expect((await saved).status()).toBe(200);
      await grant.getByRole('button', { name: 'Done' }).click();
      await drawer.getByText(ANALYST.email).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The analyst reloads the dashboard: the new region is a choice of the region filter.
      const regions = analyst.page.waitForResponse((r) => new URL(r.url()).pathname === ADMIN_PATHS.regions);
      await analyst.page.reload();
      await regions;
      await selectOption(analyst.page, analyst.page, 'Region', region);

      await page.goto(tenantUrl(tenant, '/settings/global'));
      await page.getByRole('heading', { level: 1, name: 'Global settings' }).waitFor();
      await page.getByRole('switch', { name: /Process overview/ }).waitFor();
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);
      const toggled = page.waitForResponse(
        (r) => new URL(r.url()).pathname === GLOBAL_SETTINGS_PATH && r.request().method() === 'PATCH',
      );
      await page.getByRole('switch', { name: /Process overview/ }).click({ force: true });
      await page.getByRole('button', { name: 'Save settings' }).click();
      expect((await toggled).status()).toBe(200);
      expect(await page.getByRole('switch', { name: /Process overview/ }).isChecked()).toBe(true);
    } finally {
      await analyst.context.close();
      await admin.context.close();
    }
  });
});
