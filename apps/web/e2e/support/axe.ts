import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Which part of the page to check, in axe's own context form: `{ include: ['main'] }` or
// `{ exclude: [['header']] }` when another feature's part is checked elsewhere.
export type AxeScope = { include?: unknown[]; exclude?: unknown[] };

// The critical and serious axe violations of the page once it is at rest: one line per rule with
// each node's selector, its HTML and, for colour contrast, the colours measured, so a failure says
// what to fix. At rest means the pointer is parked where nothing reacts to it (a click leaves it
// over the control it clicked, whose tooltip would open mid-check) and no transition is running:
// axe measures colours as painted, and an element fading in is low contrast for its first frames.
export async function seriousViolations(page: Page, scope?: AxeScope): Promise<string[]> {
  await atRest(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async (scope) => {
    type Node = { target: unknown[]; html: string; any: { data?: unknown }[] };
    type Result = { violations: { id: string; impact: string | null; nodes: Node[] }[] };
    const { axe } = window as unknown as { axe: { run: (c: unknown, o: object) => Promise<Result> } };
    const { violations } = await axe.run(scope ?? document, { resultTypes: ['violations'] });
    const describe = (node: Node) => {
      const data = node.any[0]?.data as
        | { fgColor?: string; bgColor?: string; contrastRatio?: number }
        | undefined;
      const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${node.target.join(' ')} ${node.html.slice(0, 160)}${colours}`;
    };
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map(describe).join(', ')}`);
  }, scope);
}

// The page as a person left alone with it sees it: the pointer parked in the bottom corner, where
// nothing reacts to it, and no transition running.
export async function atRest(page: Page): Promise<void> {
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
  await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 250)); // past the theme's tooltip close delay
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})));
  });
}
