import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../build/precompress.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 14 (first load): the sign-in page needs at most this much JavaScript, gzip-measured.
const LOGIN_JS_BUDGET_BYTES = 250 * 1024;

const DIST = path.resolve(import.meta.dirname, '../dist');

// What a file weighs gzip-compressed: the build's own .gz copy, or (for a file too small to get one)
// its bytes compressed here.
function gzipBytes(pathname: string): number {
  const file = path.join(DIST, pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file)).length;
}

type Script = { pathname: string; encoding: string | undefined; rawBytes: number };

describe('first load', () => {
  it('opens /login with under 250 KB of JavaScript (gzip), every file sent compressed', async () => {
    const { page, context } = await newPage();
    const scripts: Script[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script' || !url.pathname.endsWith('.js')) return;
      const headers = response.headers();
      scripts.push({
        pathname: url.pathname,
        encoding: headers['content-encoding'],
        rawBytes: statSync(path.join(DIST, url.pathname)).size,
      });
    });
    await page.goto(tenantUrl('acme', '/login'));
    await page.getByLabel('Email address').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Whatever the page fetches on its own once the form shows counts too (toasts, modals).
    await page.waitForLoadState('networkidle');
    await context.close();

    expect(scripts.length).toBeGreaterThan(0);
    // Every file worth compressing comes compressed (the browser asks for br and gzip).
    expect(
      scripts.filter((s) => s.rawBytes >= COMPRESS_MIN_BYTES && !['br', 'gzip'].includes(s.encoding ?? '')),
    ).toEqual([]);
    // The sign-in page does not download the signed-in app: no chart, map or table library.
    expect(
      scripts.map((s) => s.pathname).filter((p) => /charts|geo-map|countries|report|process/.test(p)),
    ).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + gzipBytes(s.pathname), 0);
    console.log(`/login: ${scripts.length} JavaScript files, ${(total / 1024).toFixed(1)} KiB gzip`);
    expect(total).toBeLessThan(LOGIN_JS_BUDGET_BYTES);
  });

  it('loads the signed-in pages on demand, with the full-page loader and not a blank page meanwhile', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    // A fresh load of a signed-in page, its frame's code held back: once the app has booted (strings
    // loaded), the loader stays until the frame arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/signed-in-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const strings = page.waitForResponse(/\/assets\/en-[^/]*\.js$/);
    await page.goto(tenantUrl('acme', '/workflows/instances'));
    await strings;
    await page.waitForTimeout(500);
    expect(await page.getByRole('status').first().isVisible()).toBe(true);
    release();
    // Then the page, with the header icons its route names.
    await page.getByRole('table', { name: 'Workflows' }).waitFor();
    await page.getByRole('button', { name: 'My Mentions' }).waitFor();
    await context.close();
  });
});
