import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
import { createE2eTenant } from './support/tenants.js';

// Issue 12, finding 11: three routes that broke now each show a real page or a clear message.

// Each journey signs in first, which takes a while on a busy two-core machine.
const JOURNEY_TIMEOUT_MS = 120_000;

// Every document the tab loads (a reload loop loads one after another); in-app moves load none.
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

describe('routes that broke (issue 12, finding 11)', () => {
  it(
    '/admin opens the settings once instead of reloading itself for ever',
    async () => {
      const { page } = await newPage();
      await signIn(page, 'acme', 'admin@acme.test');
      const loads = countDocumentLoads(page);
      await page.goto(tenantUrl('acme', '/admin'));
      await page.waitForURL((url) => url.pathname === '/settings/users');
      await page.getByRole('heading', { name: 'Users' }).first().waitFor();
      // Long enough for a loop to show itself: it reloaded several times a second.
      await page.waitForTimeout(2000);
      expect(loads()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/settings/users');

      // A known section is kept, and someone signed out is asked to sign in, once.
      await page.goto(tenantUrl('acme', '/admin/audit/'));
      await page.waitForURL((url) => url.pathname === '/settings/audit');
      const { page: anonymous } = await newPage();
      const anonymousLoads = countDocumentLoads(anonymous);
      await anonymous.goto(tenantUrl('acme', '/admin/'));
      await anonymous.waitForURL((url) => url.pathname.startsWith('/login'));
      await anonymous.getByLabel('Email address').waitFor();
      await anonymous.waitForTimeout(1000);
      expect(anonymousLoads()).toBe(1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    '/api/v1/attachment/ shows the attachment view, not the API’s JSON',
    async () => {
      const { page } = await newPage();
      await signIn(page, 'acme', 'admin@acme.test');
      const response = await page.goto(tenantUrl('acme', '/api/v1/attachment/'));
      expect(response?.headers()['content-type']).toContain('text/html');
      await page.getByRole('heading', { name: 'This link does not name a file' }).waitFor();
      expect(await page.locator('body').innerText()).not.toContain('"detail"');

      // A file the link names but nobody may download: the catalogue's message, in the page.
      await page.goto(tenantUrl('acme', '/api/v1/attachment/?workflow_id=999999999&field_tag=contract'));
      await page.getByRole('heading', { name: 'The file could not be downloaded' }).waitFor();
      await page.getByText(/Invalid workflow or you do not have permissions to access the file/).waitFor();

      // The API itself still answers JSON to a program.
      const api = await page.evaluate(async () => {
        const answer = await fetch('/api/v1/attachment/', { headers: { accept: 'application/json' } });
        return { status: answer.status, body: await answer.json() };
      });
      expect(api).toEqual({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    '/reports/tableau says when the embedded reports cannot be reached, and frames them sandboxed when they can',
    async () => {
      // The demo embed (https://reports.acme.test/embed) has no server: nothing on this network answers.
      const { page } = await newPage();
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/reports/tableau'));
      await page.getByRole('heading', { name: 'The reports could not be reached' }).waitFor();
      await page.getByText(/Your browser could not reach reports\.acme\.test/).waitFor();
      const open = page.getByRole('link', { name: /Open in a new tab/ });
      expect(await open.getAttribute('href')).toBe('https://reports.acme.test/embed');
      expect(await page.locator('iframe').count()).toBe(0);

      // Once the host answers, Try again frames it, sandboxed and without our address as referrer.
      await page.route('https://reports.acme.test/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Quarterly dashboard</h1>' }),
      );
      await page.getByRole('button', { name: 'Try again' }).click();
      const frame = page.locator('iframe[title="Embedded reports"]');
      await frame.waitFor();
      expect(await frame.getAttribute('sandbox')).toBe(
        'allow-scripts allow-same-origin allow-forms allow-popups',
      );
      expect(await frame.getAttribute('referrerpolicy')).toBe('no-referrer');
      await page.frameLocator('iframe[title="Embedded reports"]').getByText('Quarterly dashboard').waitFor();
      expect(await page.getByText('The reports could not be reached').count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    '/reports/tableau explains when no embed is configured',
    async () => {
      const tenant = await createE2eTenant({
        groups: [{ name: 'Analysts', permissions: ['can_view_dashboard', 'can_view_process_report'] }],
        users: [
          {
            email: 'analyst@e2e.test',
            password: DEMO_PASSWORD,
            first_name: 'Ana',
            last_name: 'Lyst',
            groups: ['Analysts'],
          },
        ],
      });
      const { page } = await newPage();
      await signIn(page, tenant, 'analyst@e2e.test');
      await page.goto(tenantUrl(tenant, '/reports/tableau'));
      await page.getByRole('heading', { name: 'No embedded reports' }).waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
