// First load (issue 14): `npm run bench:first-load`. Builds nothing: run `npm run build` first. Starts
// the built product (`node apps/server/dist/main.js`, its own embedded PostgreSQL and demo seed in a
// temporary folder), or uses BENCH_URL (a running product, e.g. http://localhost:3000; the acme tenant
// is reached as acme.<host>). BENCH_WEB_DIST serves another build of the web app (to compare two
// versions with the same server). For each main route, in headless Chromium with the cache disabled,
// it records the JavaScript and CSS files the page loads until the network is idle, with their raw,
// gzip and brotli bytes; for /login also the time to the sign-in form, the median of BENCH_RUNS
// (default 7) cold loads. Figures are recorded by hand in bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-tenants.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import { launchChromium } from '../apps/web/e2e/support/launch-chromium.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7) || 7);
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
const ADMIN = 'admin@acme.test';

type Asset = { pathname: string; kind: 'js' | 'css'; raw: number; gzip: number; brotli: number };
type RouteFigures = { route: string; assets: Asset[] };

// Sizes from the build itself: the .gz and .br copies it wrote, or (below its threshold) computed.
function sizes(pathname: string): Omit<Asset, 'pathname' | 'kind'> {
  const file = path.join(WEB_DIST, pathname);
  const content = readFileSync(file);
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(content).length;
  const brotli = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).length
    : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: content.length, gzip, brotli };
}

async function coldPage(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

function collectAssets(page: Page): Asset[] {
  const assets: Asset[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/')) return;
    assets.push({ pathname, kind: type === 'script' ? 'js' : 'css', ...sizes(pathname) });
  });
  return assets;
}

async function measureRoute(
  browser: Browser,
  base: string,
  route: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<RouteFigures> {
  const { context, page } = await coldPage(browser, storageState);
  const assets = collectAssets(page);
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  await context.close();
  if (landed !== route) console.log(`${route} went to ${landed}`);
  if (process.env.BENCH_LIST)
    console.log(route, assets.map((a) => a.pathname.slice('/assets/'.length)).join(' '));
  return { route, assets };
}

async function timeToSignInForm(browser: Browser, base: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { context, page } = await coldPage(browser);
    const t0 = performance.now();
    await page.goto(`${base}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email address').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    times.push(performance.now() - t0);
    await context.close();
  }
  return times.sort((a, b) => a - b);
}

// The first link on a page whose path matches (a workflow, a report), for the routes with ids.
async function firstLink(page: Page, base: string, from: string, pattern: RegExp): Promise<string | null> {
  await page.goto(`${base}${from}`);
  const hrefs = () =>
    page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = (await hrefs()).find((href) => pattern.test(href));
    if (found) return found;
    await page.waitForTimeout(250);
  }
  console.log(`no link matching ${pattern} on ${from}`);
  return null;
}

async function startProduct(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) {
    const url = new URL(process.env.BENCH_URL);
    return { base: `${url.protocol}//acme.${url.host}`, stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'attest-first-load-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    WEB_DIST_DIR: WEB_DIST,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not become healthy within 120 s');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      await new Promise((resolve) => {
        server.once('exit', resolve);
        server.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { base: `http://acme.localhost:${port}`, stop };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (sorted: number[]) => sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;

function row(figures: RouteFigures): string {
  const sum = (kind: Asset['kind'], key: 'raw' | 'gzip' | 'brotli') =>
    figures.assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
  const count = (kind: Asset['kind']) => figures.assets.filter((a) => a.kind === kind).length;
  return `| ${figures.route} | ${count('js')} | ${kib(sum('js', 'raw'))} | ${kib(sum('js', 'gzip'))} | ${kib(sum('js', 'brotli'))} | ${count('css')} | ${kib(sum('css', 'raw'))} | ${kib(sum('css', 'gzip'))} | ${kib(sum('css', 'brotli'))} |`;
}

const product = await startProduct();
const browser = await launchChromium();
try {
  console.log(
    `web build: ${WEB_DIST}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const anonymous = await browser.newContext();
  const login: RouteFigures = await measureRoute(
    browser,
    product.base,
    '/login',
    await anonymous.storageState(),
  );
  await anonymous.close();

  // Signed in as the administrator once; every route then opens cold with that session.
  const signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await page.goto(`${product.base}/login`);
  await page.getByLabel('Email address').fill(ADMIN);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const workflow = await firstLink(page, product.base, '/workflows/instances', /^\/process\/\d+$/);
  const dashboard = await firstLink(page, product.base, '/dashboards', /^\/dashboard\/\d+$/);
  const report = dashboard ? await firstLink(page, product.base, dashboard, /\/report\/\d+$/) : null;
  const state = await signedIn.storageState();
  await signedIn.close();

  const routes = ['/workflows/instances', workflow, '/dashboards', report, '/settings/users'].filter(
    (route): route is string => route !== null,
  );
  const figures = [login];
  for (const route of routes) figures.push(await measureRoute(browser, product.base, route, state));
  const times = await timeToSignInForm(browser, product.base);

  console.log(
    '\n| route | JS files | JS raw KiB | JS gzip KiB | JS br KiB | CSS files | CSS raw KiB | CSS gzip KiB | CSS br KiB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) console.log(row(f));
  console.log(
    `\n/login, time to the sign-in form over ${RUNS} cold loads: median ${median(times).toFixed(0)} ms (min ${times[0]?.toFixed(0)}, max ${times.at(-1)?.toFixed(0)})`,
  );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await product.stop();
}
