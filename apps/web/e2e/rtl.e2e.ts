import { randomUUID } from 'node:crypto';
import { PERMISSION_CODENAMES } from '@attest/shared';
import { DEMO_WORKFLOW_DEFINITIONS } from '@attest/shared/testing';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/src/db/database.js';
import { createTenant } from '../../server/src/db/seed/create-tenant.js';
import { seedDemoReports } from '../../server/src/db/seed/demo-reports.js';
import { seedDemoWorkflowSetup } from '../../server/src/db/seed/demo-workflows.js';
import ar from '../src/locales/ar.json' with { type: 'json' };
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

const ORBITAL = 'Orbital Systems Corp.';
const HELP_CENTRE = {
  label: 'Help centre',
  label_translations: { ar: 'مركز المساعدة' },
  url: 'https://support.example.test/',
};

// A tenant of the test's own whose administrator reads Arabic (the demo people keep their
// languages), with the demo definitions, a few workflows (one named with a full stop) and the demo
// dashboard of reports.
async function createArabicTenant() {
  const slug = `e2e-rtl-${randomUUID().slice(0, 8)}`;
  const email = `admin@${slug}.test`;
  const tenant = await createTenant(adminDb, {
    slug,
    name: `E2E ${slug}`,
    configuration: {
      supported_languages: ['en', 'ar'],
      support_links: [HELP_CENTRE],
    },
    regions: [
      { name: 'Europe', businessUnits: ['Procurement EU'] },
      { name: 'North America', businessUnits: ['Legal NA'] },
    ],
    groups: [{ name: 'Administrators', permissions: PERMISSION_CODENAMES }],
    users: [
      {
        email,
        password: DEMO_PASSWORD,
        first_name: 'Amal',
        last_name: 'Haddad',
        groups: ['Administrators'],
        prefered_language: 'ar',
      },
    ],
  });
  await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${slug}.test`, perKind: 3 });
  const first = await adminDb
    .selectFrom('workflows')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    // The last created: a workflow of its own, not a child kept off the dashboard's first page.
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await adminDb.updateTable('workflows').set({ name: ORBITAL }).where('id', '=', first.id).execute();
  // Its activity log names it too: the entry a creation under that name writes.
  await adminDb
    .insertInto('workflow_activity')
    .values({
      tenant_id: tenant.id,
      workflow_id: first.id,
      action: 'created',
      actor_user_id: null,
      step_tag: null,
      field_tag: null,
      details: JSON.stringify({ event: 'created', name: ORBITAL }),
    })
    .execute();
  await seedDemoReports(adminDb, tenant.id, email);
  const report = await adminDb
    .selectFrom('reports')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('name', '=', 'Workflows by status')
    .executeTakeFirstOrThrow();
  return { slug, email, workflowId: String(first.id), reportId: String(report.id) };
}

type Box = { left: number; right: number; top: number; bottom: number };
type Tick = { text: string; box: Box };

// Each bar's box by category, the category tick labels' boxes, the x-axis line, and the axis title.
async function chartGeometry(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');
    const chart = document.querySelector('[data-testid="report-bar-chart"]');
    if (!chart) throw new Error('no bar chart');
    const bars = Array.from(chart.querySelectorAll('[data-bar-category]')).map((el) => ({
      category: el.getAttribute('data-bar-category') ?? '',
      box: box(el),
    }));
    const ticks = Array.from(
      chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ).map((el) => ({ text: strip(el.textContent ?? ''), box: box(el) }));
    const axisLine = chart.querySelector('.recharts-xAxis .recharts-cartesian-axis-line');
    const title = chart.querySelector('[data-testid="chart-x-label"]');
    return {
      bars,
      ticks,
      axisLine: axisLine ? box(axisLine) : null,
      title: title ? box(title) : null,
      dir: document.documentElement.getAttribute('dir'),
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// Issue 14 (done when): the Arabic report page's labels sit under their bars, checked by element
// positions, and an English name with a full stop renders in the right order in Arabic.
describe('right to left', () => {
  it('puts each category label under its bar and the axis title clear of the axis, in Arabic', async () => {
    const { slug, email, reportId } = await createArabicTenant();
    const { page } = await newPage();
    await signIn(page, slug, email);
    await page.goto(tenantUrl(slug, `/report/${reportId}`));
    await page.locator('[data-testid="report-bar-chart"] [data-bar-category]').first().waitFor();
    // Recharts settles its layout over a few frames.
    await page.waitForTimeout(500);
    const geometry = await chartGeometry(page);
    expect(geometry.dir).toBe('rtl');
    expect(geometry.bars.length).toBeGreaterThan(1);

    for (const bar of geometry.bars) {
      const tick = geometry.ticks.find((t: Tick) => bar.category.startsWith(t.text.replace(/…$/, '')));
      expect(tick, `a tick for ${bar.category}`).toBeDefined();
      if (!tick) continue;
      // Below its bar (not drawn over it), and horizontally within the bar's extent.
      expect(tick.box.top).toBeGreaterThanOrEqual(bar.box.bottom - 1);
      const middle = (tick.box.left + tick.box.right) / 2;
      const anchor = Math.min(tick.box.left, tick.box.right);
      const inside = (x: number) => x >= bar.box.left - 1 && x <= bar.box.right + 1;
      expect(inside(middle) || inside(anchor), `${bar.category}'s label under its bar`).toBe(true);
      for (const other of geometry.bars) expect(overlaps(tick.box, other.box)).toBe(false);
    }
    // Categories run from the right: the first one (by the report's order) is the rightmost bar.
    const lefts = geometry.bars.map((bar) => bar.box.left);
    expect(lefts[0]).toBe(Math.max(...lefts));

    // The axis title sits below the axis line and every tick label, overlapping none.
    expect(geometry.title).not.toBeNull();
    if (geometry.title && geometry.axisLine) {
      expect(geometry.title.top).toBeGreaterThanOrEqual(geometry.axisLine.bottom);
      for (const tick of geometry.ticks) expect(overlaps(geometry.title, tick.box)).toBe(false);
    }
  });

  it('keeps the full stop at the end of an English name, on the dashboard and the workflow page', async () => {
    const { slug, email, workflowId } = await createArabicTenant();
    const { page } = await newPage();
    await signIn(page, slug, email);

    // The glyphs of the name's last two characters: the "." must be right of the "p".
    const order = (selector: string) =>
      page.evaluate(
        ({ selector, name }) => {
          const el = Array.from(document.querySelectorAll(selector)).find(
            (node) => node.textContent === name,
          );
          if (!el) return null;
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          let node = walker.nextNode();
          while (node && !node.textContent?.includes(name)) node = walker.nextNode();
          if (!node) return null;
          const at = (node.textContent ?? '').indexOf(name) + name.length;
          const rect = (start: number) => {
            const range = document.createRange();
            range.setStart(node as Node, start);
            range.setEnd(node as Node, start + 1);
            return range.getBoundingClientRect();
          };
          return {
            ltr: el.matches(':dir(ltr)'),
            page: document.documentElement.getAttribute('dir'),
            p: rect(at - 2).left,
            stop: rect(at - 1).left,
          };
        },
        { selector, name: ORBITAL },
      );

    await page.getByRole('link', { name: ORBITAL }).first().waitFor();
    const listed = await order('a bdi');
    expect(listed).not.toBeNull();
    expect(listed?.page).toBe('rtl');
    expect(listed?.ltr).toBe(true);
    expect(listed?.stop).toBeGreaterThan(listed?.p ?? Number.POSITIVE_INFINITY);

    await page.goto(tenantUrl(slug, `/process/${workflowId}`));
    await page.getByRole('heading', { level: 1, name: ORBITAL }).waitFor();
    const title = await order('h1');
    expect(title?.ltr).toBe(true);
    expect(title?.stop).toBeGreaterThan(title?.p ?? Number.POSITIVE_INFINITY);

    // Inside an Arabic sentence of the activity log ('أنشأ سير العمل «Orbital Systems Corp.»'): the
    // sentence runs right to left, the name in its own <bdi> keeps its full stop at its end.
    await page.getByRole('button', { name: ar.process.header.activity }).click();
    const entry = page.locator('li bdi', { hasText: ORBITAL }).first();
    await entry.waitFor();
    const logged = await order('li bdi');
    expect(logged?.ltr).toBe(true);
    expect(logged?.stop).toBeGreaterThan(logged?.p ?? Number.POSITIVE_INFINITY);
    const sentenceIsRtl = await entry.evaluate((el) => el.parentElement?.matches(':dir(rtl)'));
    expect(sentenceIsRtl).toBe(true);
  });

  // Issue 14: tenant-entered texts read in the person's language when the tenant gives one.
  it('names the demo statuses and the tenant’s support link in Arabic', async () => {
    const { slug, email } = await createArabicTenant();
    const { page } = await newPage();
    await signIn(page, slug, email);
    await page.getByRole('link', { name: ORBITAL }).first().waitFor();
    const statuses = DEMO_WORKFLOW_DEFINITIONS.flatMap((definition) => definition.statuses);
    const english = new Set(statuses.map((status) => status.display_name));
    const arabic = new Set(statuses.map((status) => status.display_name_translations?.ar ?? ''));
    const shown = await page.locator('[data-testid="status-pill"] bdi').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) {
      expect(english.has(name), `${name} is not an English status name`).toBe(false);
      expect(arabic.has(name), `${name} is an Arabic status name`).toBe(true);
    }

    await page.getByRole('button', { name: ar.userMenu.open }).click();
    const help = page.getByRole('menuitem', { name: 'مركز المساعدة' });
    await help.waitFor();
    expect(await help.getAttribute('href')).toBe(HELP_CENTRE.url);
  });
});
