import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { createE2eTenant } from './support/tenants.js';

const ERROR_MESSAGE =
  "Sorry! It looks like something isn't working. Our engineering team has been notified. Thanks for your patience as they work through to get this running back up again. In the meantime please consider submitting feedback on the actions that led you here.";

describe('status pages', () => {
  it('shows the 404 page, and its magic-link variant', async () => {
    const { page } = await newPage();
    await page.goto(tenantUrl('acme', '/no/such/page'));
    await page.getByText('ERROR 404!').waitFor();
    await page.getByText('Page Not Found').waitFor();

    await page.goto(tenantUrl('acme', '/anything?origin=magic-link'));
    const link = page.getByRole('link', { name: 'click here' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/login/magic');
    await page.getByText('Magic links expire 15 minutes after they are sent.').waitFor();
  });

  it('shows the maintenance message with a countdown that ticks every second', async () => {
    const end = new Date(Date.now() + (2 * 24 + 3) * 3600_000 + 5 * 60_000);
    const tenant = await createE2eTenant({
      configuration: {
        is_maintenance_mode_enabled: true,
        message_on_maintenance_page: 'We are upgrading our systems.',
        maintenance_end_time: end,
      },
    });
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/workflows/instances'));
    await page.getByText('We are upgrading our systems.').waitFor();
    const countdown = page.getByRole('timer');
    await countdown.waitFor();
    const first = await countdown.textContent();
    // Days show (non-zero), then two-digit hours, minutes and seconds.
    expect(first).toMatch(/02\s*Days/i);
    expect(first).toMatch(/03\s*Hours/i);
    await page.waitForTimeout(1500);
    expect(await countdown.textContent()).not.toBe(first);
  });

  it('shows the service-unavailable page when maintenance has no message', async () => {
    const tenant = await createE2eTenant({ configuration: { is_maintenance_mode_enabled: true } });
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/'));
    await page.getByRole('heading', { name: 'Oops', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).waitFor();
  });

  it('shows /service-unavailable/ and /reload-required with their texts', async () => {
    const { page } = await newPage();
    await page.goto(tenantUrl('acme', '/service-unavailable/'));
    await page.getByRole('heading', { name: 'Oops', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).waitFor();
    await page.goto(tenantUrl('acme', '/reload-required'));
    await page.getByText('Something went wrong. Please reload your browser.').waitFor();
  });

  it('shows the error page when a page fails to load, with feedback and a way home', async () => {
    const { page } = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    // A lazily loaded page whose code cannot be fetched (a deploy replaced it, a proxy failed).
    await page.route('**/assets/coming-soon-route-*.js', (route) => route.abort());
    await page.goto(tenantUrl('acme', '/file-preview'));
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await page.getByText(ERROR_MESSAGE).waitFor();
    await page.getByRole('button', { name: 'SUBMIT FEEDBACK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.waitFor();
    await dialog.getByText(/Error event ID/).waitFor();
    await page.keyboard.press('Escape');
    await page.unroute('**/assets/coming-soon-route-*.js');
    await page.getByRole('button', { name: 'GO HOME' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/workflows/instances'));
  });
});
