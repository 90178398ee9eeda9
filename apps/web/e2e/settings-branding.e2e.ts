import { CONFIGURATION_PATHS } from '@attest/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
import { createE2eTenant } from './support/tenants.js';

// Issue 19 (done when): "an administrator changes the brand colour, logo and banner; the analyst
// sees them after a reload". On a tenant of the journey's own, so the demo tenants keep their look.
// Both settings pages pass axe, in English and in Arabic (right to left).

// The smallest valid PNG (1x1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BRAND = '#c2255c';
const BANNER = `Audit week ${Date.now()}`;

function createBrandingTenant(): Promise<string> {
  const admins = ['can_view_dashboard', 'can_access_admin_settings'] as const;
  return createE2eTenant({
    configuration: { supported_languages: ['en', 'ar'] },
    groups: [
      { name: 'Administrators', permissions: admins },
      { name: 'Analysts', permissions: ['can_view_dashboard'] },
    ],
    users: [
      {
        email: 'admin@e2e.test',
        first_name: 'Alex',
        last_name: 'Admin',
        password: DEMO_PASSWORD,
        groups: ['Administrators'],
      },
      {
        email: 'admin-ar@e2e.test',
        first_name: 'Amal',
        last_name: 'Admin',
        password: DEMO_PASSWORD,
        groups: ['Administrators'],
        prefered_language: 'ar',
      },
      {
        email: 'analyst@e2e.test',
        first_name: 'Ana',
        last_name: 'Analyst',
        password: DEMO_PASSWORD,
        groups: ['Analysts'],
      },
    ],
  });
}

// The brand palette's shade 6 is the brand colour itself (lib/color/hex.ts paletteFrom).
function brandShade(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim(),
  );
}

function headerLogoSrc(page: Page): Promise<string | null> {
  return page.getByTestId('header-logo').locator('img').getAttribute('src');
}

describe('Settings > Branding and Languages', () => {
  it('the administrator changes colour, logo and banner; the analyst sees them after a reload', async () => {
    const slug = await createBrandingTenant();
    const admin = await newPage();
    const analyst = await newPage();
    try {
      // The analyst is signed in before the change, with the old configuration loaded.
      await signIn(analyst.page, slug, 'analyst@e2e.test');
      expect(await analyst.page.getByTestId('header-banner').count()).toBe(0);

      const { page } = admin;
      await signIn(page, slug, 'admin@e2e.test');
      await page.goto(tenantUrl(slug, '/settings/branding'));
      await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
      await page.getByTestId('header-preview').waitFor();
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

      // The logo: uploaded and shown at once, in the header too.
      const uploaded = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === CONFIGURATION_PATHS.brandingLogo && r.request().method() === 'PUT',
      );
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      expect((await uploaded).status()).toBe(200);
      await page.getByText('Logo uploaded.').waitFor();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="header-logo"] img')?.getAttribute('src')?.includes('/logo/'),
      );

      // Colour and banner: the preview follows the unsaved values.
      await page.getByLabel('Brand colour').fill(BRAND);
      await page.keyboard.press('Escape');
      await page.getByRole('switch', { name: /Show the banner/ }).click({ force: true });
      await page.getByRole('textbox', { name: 'Message' }).fill(BANNER);
      await page.getByTestId('header-preview').getByText(BANNER).waitFor();
      // Not yet in the real header (only the preview's banner): nothing is saved.
      expect(await page.getByTestId('header-banner').count()).toBe(1);

      const saved = page.waitForResponse(
        (r) => new URL(r.url()).pathname === CONFIGURATION_PATHS.branding && r.request().method() === 'PATCH',
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Changes saved.').waitFor();
      // The administrator's own header follows without a reload (the configuration is fetched again).
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="header-banner"]').length === 2,
      );
      expect(await brandShade(page)).toBe(BRAND);

      await page.goto(tenantUrl(slug, '/settings/languages'));
      await page.getByRole('heading', { level: 1, name: 'Languages' }).waitFor();
      await page.getByTestId('offered-languages').waitFor();
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

      // The analyst reloads and sees the new look.
      await analyst.page.reload();
      await analyst.page.getByTestId('header-banner').getByText(BANNER).waitFor();
      expect(await headerLogoSrc(analyst.page)).toMatch(/\/api\/v1\/customers\/configuration\/logo\/\?v=/);
      expect(await brandShade(analyst.page)).toBe(BRAND);
      // The image itself loads, as a PNG (asked from the page: *.localhost resolves in Chromium).
      const served = await analyst.page.evaluate(async () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="header-logo"] img');
        const response = await fetch(img?.src ?? '');
        return { loaded: (img?.naturalWidth ?? 0) > 0, type: response.headers.get('content-type') };
      });
      expect(served).toEqual({ loaded: true, type: 'image/png' });

      // Signed out, the sign-in page wears the tenant's logo, name and colour (the public configuration).
      await analyst.page.getByRole('button', { name: 'Open user menu' }).click();
      await analyst.page.getByRole('menuitem', { name: 'Logout' }).click();
      await analyst.page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/login/');
      const brand = analyst.page.getByTestId('sign-in-brand');
      await brand.getByText(`E2E ${slug}`).waitFor();
      await analyst.page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="sign-in-brand"] img');
        if (!img) return false;
        return img.src.includes('/api/v1/customers/configuration/logo/?v=') && img.naturalWidth > 0;
      });
      expect(await brandShade(analyst.page)).toBe(BRAND);
    } finally {
      await admin.context.close();
      await analyst.context.close();
    }
  });

  it('both pages read right to left in Arabic and pass axe', async () => {
    const slug = await createBrandingTenant();
    // The sign-in page is in the browser's language; the pages after it in the person's (Arabic).
    const { page, context } = await newPage();
    try {
      await signIn(page, slug, 'admin-ar@e2e.test');
      for (const [path, heading] of [
        ['/settings/branding', 'الهوية البصرية'],
        ['/settings/languages', 'اللغات'],
      ] as const) {
        await page.goto(tenantUrl(slug, path));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.getAttribute('dir'))).toBe('rtl');
        expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);
        if (process.env.E2E_SCREENSHOTS) {
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOTS}/ar${path.replaceAll('/', '-')}.png`,
            fullPage: true,
          });
        }
      }
    } finally {
      await context.close();
    }
  });
});
