import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { launchChromium } from './launch-chromium.js';

// The launch itself is shared, so tests of a file that run side by side (it.concurrent) open one browser.
let browser: Promise<Browser> | undefined;

export async function newPage(
  options: { locale?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  browser ??= launchChromium();
  const context = await (await browser).newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return { page, context };
}

afterAll(async () => {
  await (await browser)?.close();
  browser = undefined;
});

// *.localhost resolves to this machine in Chromium, so each tenant is its own host, as in production.
// `port` picks another server process than the one global-setup started (realtime-cluster.e2e.ts).
export function tenantUrl(tenant: string, pathname = '/', port: number = inject('e2ePort')): string {
  return `http://${tenant}.localhost:${port}${pathname}`;
}

export const DEMO_PASSWORD = 'demo-password-2026';

export async function signIn(page: Page, tenant: string, email: string, port?: number): Promise<void> {
  await page.goto(tenantUrl(tenant, '/login', port));
  await page.getByLabel('Email address').fill(email);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
