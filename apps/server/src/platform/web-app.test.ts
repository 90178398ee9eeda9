import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TestClient } from '../test/test-app.js';

// A stand-in build of the web app, so these tests need no `npm run build`.
const dist = await mkdtemp(path.join(tmpdir(), 'attest-web-dist-'));
await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">web app</div>');
// A hashed bundle with the .br and .gz the build writes beside it, and an unhashed file at the root.
const BUNDLE = `export const app = ${JSON.stringify('web app '.repeat(400))};`;
await mkdir(path.join(dist, 'assets'));
await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(BUNDLE));
await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(BUNDLE));
await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const { app, adminDb } = await createTestApp({ WEB_DIST_DIR: dist });
const tenant = await createTestTenant(adminDb);
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function directives(policy: unknown): Map<string, string> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('HTML answers (issue 12, finding 8)', () => {
  it('carry a policy that loads images only from us and frames only over https', async () => {
    const response = await TestClient.forTenant(app, tenant.slug).get('/reports/tableau', HTML);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('web app');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('img-src')).toBe("'self' data: blob:");
    expect(policy.get('frame-src')).toBe('https:');
    expect(policy.get('object-src')).toBe("'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carry the same policy on our plain pages (an unknown tenant)', async () => {
    const response = await new TestClient(app, 'no-such-tenant.localhost').get('/workflows/instances', HTML);
    expect(response.statusCode).toBe(404);
    expect(directives(response.headers['content-security-policy']).get('img-src')).toBe("'self' data: blob:");
  });

  it('leave JSON answers without the page policy', async () => {
    const response = await TestClient.forTenant(app, tenant.slug).get('/api/v1/customers/configuration/');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe('/api/v1/attachment/ (spec 2 §2.2, issue 12 finding 11)', () => {
  it('serves the web app to a browser opening it', async () => {
    const client = TestClient.forTenant(app, tenant.slug);
    for (const url of [
      '/api/v1/attachment/',
      '/api/v1/attachment/?workflow_id=1&field_tag=f',
      '/api/v1/attachment',
    ]) {
      const response = await client.get(url, HTML);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('web app');
    }
  });

  it('still answers JSON to an API client, and to every other unknown API path', async () => {
    const client = TestClient.forTenant(app, tenant.slug);
    const api = await client.get('/api/v1/attachment/', { accept: 'application/json' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    const other = await client.get('/api/v1/attachments-and-more/', HTML);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/json');
  });
});

describe('the built files (issue 14: first load)', () => {
  const BUNDLE_URL = '/assets/index-Ab12Cd34.js';

  it('sends the brotli or gzip file the build wrote to a browser that accepts it, and the plain file otherwise', async () => {
    const client = TestClient.forTenant(app, tenant.slug);
    const br = await client.get(BUNDLE_URL, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 4);

    const gz = await client.get(BUNDLE_URL, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await client.get(BUNDLE_URL, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    expect(plain.headers['content-type']).toContain('javascript');
  });

  it('lets a browser keep hashed files for a year, other files for an hour, and never index.html', async () => {
    const client = TestClient.forTenant(app, tenant.slug);
    for (const encoding of ['br', 'identity']) {
      const bundle = await client.get(BUNDLE_URL, { 'accept-encoding': encoding });
      expect(bundle.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const favicon = await client.get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await client.get('/workflows/instances', HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
