import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// What axe checks: the whole document by default, or a part of it (axe's include/exclude context),
// e.g. `{ exclude: [['header']] }` when the shared header is another journey's (accessibility.e2e.ts
// walks it on every route).
export type AxeContext = { include?: unknown[]; exclude?: unknown[] };

// The critical and serious axe violations of the page as it stands (rule id and targets).
export async function seriousViolations(page: Page, context?: AxeContext): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async (context) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const { axe } = window as unknown as { axe: { run: (c: unknown, o: object) => Promise<Result> } };
    const { violations } = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, context ?? null);
}
