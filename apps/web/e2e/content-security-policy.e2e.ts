import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 12, finding 8: every HTML answer carries a content security policy (images only from us,
// frames only over https). The product's own pages must keep working under it: a violation here
// means the policy broke a feature, or the app loads something from a host it should not.

type Violation = { directive: string; blocked: string };

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: `${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  return () => page.evaluate(() => window.__cspViolations ?? []);
}

async function firstId(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, { credentials: 'include' });
    const body = (await answer.json()) as { results: { id: number }[] };
    const [first] = body.results;
    if (!first) throw new Error(`${url} listed nothing`);
    return first.id;
  }, path);
}

describe('content security policy (issue 12, finding 8)', () => {
  it('lets the main pages of the demo load with no violation', async () => {
    const { page } = await newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(tenantUrl('acme', '/login'));
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain('frame-src https:');
    await page.getByLabel('Email address').waitFor();
    expect(await violations()).toEqual([]);

    await signIn(page, 'acme', 'admin@acme.test');
    const pages: [string, string][] = [['/workflows/instances', 'main']];
    const workflow = await firstId(page, '/api/v1/workflows/?limit=1');
    const dashboard = await firstId(page, '/api/v1/dashboards/');
    pages.push(
      [`/process/${workflow}`, 'main'],
      [`/dashboard/${dashboard}`, 'svg'],
      ['/settings/users', 'table'],
      ['/account/security', 'main'],
    );
    for (const [path, ready] of pages) {
      await page.goto(tenantUrl('acme', path));
      await page.locator(ready).first().waitFor();
      // Charts, lazy chunks and images arrive after the first paint.
      await page.waitForTimeout(1500);
      expect(await violations(), path).toEqual([]);
    }
  }, 120_000);
});
