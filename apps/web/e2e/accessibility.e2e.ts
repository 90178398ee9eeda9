import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atRest } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { ROUTES_TO_CHECK, type RouteIds, type Visitor } from './support/routes-to-check.js';

// Issue 14 (accessibility): axe-core on every route of the router, as each demo person who can open
// it; any critical or serious violation fails. support/routes-to-check.ts lists the routes, and a unit
// test keeps that list in step with the router.

const TENANT = 'acme';
const PEOPLE: Record<Exclude<Visitor, 'anonymous'>, string> = {
  admin: 'admin@acme.test',
  analyst: 'analyst@acme.test',
  supplier: 'supplier@acme.test',
};
const FAILING_IMPACTS = new Set(['critical', 'serious']);

type Violation = { page: string; rule: string; impact: string; targets: string[]; help: string };

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; any: { data?: unknown }[] };
type AxeResults = { violations: { id: string; impact: string | null; help: string; nodes: AxeNode[] }[] };

// Runs axe on the document as it stands and keeps the critical and serious violations. Evaluated
// through the DevTools protocol, so the app's Content-Security-Policy does not stop it.
export async function accessibilityViolations(page: Page, label: string): Promise<Violation[]> {
  await atRest(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((node) => {
        // Colour contrast says which colours on which background, to find the theme variable.
        const data = node.any[0]?.data as
          | { fgColor?: string; bgColor?: string; contrastRatio?: number }
          | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
        return `${node.target.map(String).join(' ')}${colours}`;
      }),
    }));
  });
  return results
    .filter((violation) => FAILING_IMPACTS.has(violation.impact))
    .map((violation) => ({ page: label, ...violation }));
}

// Requests in flight, but for the live channel's long polls, which never end.
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  const counts = (request: Request) => !request.url().includes('/socket.io/');
  page.on('request', (request) => {
    if (counts(request)) inFlight += 1;
  });
  const done = (request: Request) => {
    if (counts(request)) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

// Settled: nothing loading for a moment, no loader left and something to read (or 15 s passed).
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) break;
  }
  await page
    .waitForFunction(
      () =>
        document.querySelector('[aria-busy="true"], .mantine-Loader-root') === null &&
        document.querySelector('h1, h2, h3, [role="heading"], form, [role="alert"]') !== null,
      undefined,
      { timeout: Math.max(1000, deadline - Date.now()) },
    )
    .catch(() => undefined);
  // Mantine's opening transitions (modals, popovers, notifications) need no wait of their own here:
  // atRest, before every axe run, waits past the tooltip delay and then for every running animation.
}

// The first page loads the app; the rest move inside it as a link would (a full load per route costs
// the whole boot again on this two-core machine). A move that did not happen is done by loading.
async function open(page: Page, path: string, first: boolean, inFlight: () => number): Promise<void> {
  const before = new URL(page.url()).pathname;
  if (first) {
    await page.goto(tenantUrl(TENANT, path));
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await settle(page, inFlight);
  if (!first && new URL(page.url()).pathname === before && before !== path.split('?')[0]) {
    await page.goto(tenantUrl(TENANT, path));
    await settle(page, inFlight);
  }
}

function report(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.page}: ${v.rule} (${v.impact}) ${v.help}\n` +
        v.targets
          .slice(0, 8)
          .map((target) => `    ${target}`)
          .join('\n') +
        (v.targets.length > 8 ? `\n    … and ${v.targets.length - 8} more` : ''),
    )
    .join('\n');
}

// The visitor's own first workflow, dashboard, report, supplier and import: what they may see, read
// from the API.
async function idsFor(page: Page): Promise<RouteIds> {
  return page.evaluate(async () => {
    const read = async (path: string) => {
      const answer = await fetch(path, { headers: { accept: 'application/json' } });
      return answer.ok ? ((await answer.json()) as { results?: { id: number }[] }) : {};
    };
    const firstId = (body: { results?: { id: number }[] }) => body.results?.[0]?.id ?? null;
    const workflowId = firstId(await read('/api/v1/workflows/?limit=1'));
    const dashboardId = firstId(await read('/api/v1/dashboards/'));
    const reportId =
      dashboardId === null ? null : firstId(await read(`/api/v1/dashboards/${dashboardId}/reports/`));
    const supplierId = firstId(await read('/api/v1/records/supplier/?limit=1'));
    const importId = firstId(await read('/api/v1/batch-imports/'));
    return { workflowId, dashboardId, reportId, supplierId, importId };
  });
}

async function checkRoutesAs(visitor: Visitor): Promise<{ violations: Violation[]; visited: string[] }> {
  const { page, context } = await newPage();
  const ids: RouteIds =
    visitor === 'anonymous'
      ? { workflowId: null, dashboardId: null, reportId: null, supplierId: null, importId: null }
      : await signIn(page, TENANT, PEOPLE[visitor]).then(() => idsFor(page));
  const violations: Violation[] = [];
  const visited: string[] = [];
  try {
    const inFlight = trackRequests(page);
    for (const entry of ROUTES_TO_CHECK.filter((route) => route.as.includes(visitor))) {
      const path = entry.visit(ids);
      if (path === null) continue;
      await open(page, path, visited.length === 0, inFlight);
      const landed = new URL(page.url()).pathname;
      const label = `${visitor} ${path}${landed === path.split('?')[0] ? '' : ` (-> ${landed})`}`;
      visited.push(label);
      violations.push(...(await accessibilityViolations(page, label)));
    }
  } finally {
    await context.close();
  }
  return { violations, visited };
}

// A few minutes for a person's whole round on the two-core machine.
const ROUND_TIMEOUT_MS = 300_000;

// The four rounds run side by side, each in a browser context of its own: most of a round is waiting
// for a page to settle, and one after another they were a quarter of the whole end-to-end run.
describe('accessibility (issue 14): axe on every route', () => {
  it.concurrent(
    'finds no critical or serious violation on the signed-out pages',
    async ({ expect }) => {
      const { violations, visited } = await checkRoutesAs('anonymous');
      expect(visited.length).toBeGreaterThan(10);
      expect(violations, report(violations)).toEqual([]);
    },
    ROUND_TIMEOUT_MS,
  );

  it.concurrent.for(['admin', 'analyst', 'supplier'] as const)(
    'finds no critical or serious violation on the routes the %s opens',
    { timeout: ROUND_TIMEOUT_MS },
    async (visitor, { expect }) => {
      const { violations, visited } = await checkRoutesAs(visitor);
      expect(visited.length).toBeGreaterThan(4);
      // The administrator's and the analyst's rounds include records with ids, not only the shell.
      if (visitor !== 'supplier') expect(visited.some((label) => /\/process\/\d+/.test(label))).toBe(true);
      expect(violations, report(violations)).toEqual([]);
    },
  );

  it(
    'opens a person from the users table with the keyboard, showing where focus is',
    async () => {
      const { page, context } = await newPage();
      try {
        await signIn(page, TENANT, PEOPLE.admin);
        await page.goto(tenantUrl(TENANT, '/settings/users'));
        const row = page.getByTestId('user-row').first();
        await row.waitFor();
        // Tab from the control before the table lands on the first row, drawn with a focus ring.
        await row.evaluate((element) => {
          const focusable = Array.from(
            document.querySelectorAll<HTMLElement>(
              'button:not([disabled]), input:not([disabled]), [tabindex="0"]',
            ),
          );
          focusable[focusable.indexOf(element as HTMLElement) - 1]?.focus();
        });
        await page.keyboard.press('Tab');
        const focus = await row.evaluate((element) => ({
          focused: document.activeElement === element,
          visible: element.matches(':focus-visible'),
          outline: getComputedStyle(element).outlineStyle,
        }));
        expect(focus).toEqual({ focused: true, visible: true, outline: 'solid' });
        await page.keyboard.press('Enter');
        await page.getByRole('dialog').waitFor();
      } finally {
        await context.close();
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it('reports a serious colour-contrast violation on a deliberately low-contrast page', async () => {
    const { page, context } = await newPage();
    try {
      await page.setContent(
        '<html lang="en"><head><title>Fixture</title></head><body><main><h1>Fixture</h1>' +
          '<p style="color:#bbbbbb;background:#ffffff">Light grey text on white</p></main></body></html>',
      );
      const violations = await accessibilityViolations(page, 'fixture');
      expect(violations).toEqual([
        expect.objectContaining({ page: 'fixture', rule: 'color-contrast', impact: 'serious' }),
      ]);
      expect(report(violations)).toContain('fixture: color-contrast (serious)');
    } finally {
      await context.close();
    }
  });
});
