import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BrandingSchema,
  CONFIGURATION_PATHS,
  ConfigurationSchema,
  HEX_COLOR_MESSAGE,
  LINK_URL_MESSAGES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
} from '@attest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';

// Issue 19, Settings > Branding: every field validated with the shared rules, nothing written on a
// refusal, every change audited, visible at once in the configuration, one tenant at a time.
// A file store of this file's own: other test files' tenants may share a tenant id (and so a
// namespace) in their own databases, and their uploads must not count here.
const filesDir = await mkdtemp(path.join(tmpdir(), 'branding-files-'));
const { app, adminDb, services } = await createTestApp({ FILES_DIR: filesDir });
afterAll(() => rm(filesDir, { recursive: true, force: true }));
const {
  branding: BRANDING,
  brandingLogo: LOGO_UPLOAD,
  logo: LOGO,
  configuration: CONFIG,
} = CONFIGURATION_PATHS;

// The smallest valid PNG (1x1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

function patch(client: TestClient, payload: object) {
  return client.request({ method: 'PATCH', url: BRANDING, payload });
}

function upload(client: TestClient, body: Buffer, contentType = 'image/png') {
  return client.request({
    method: 'PUT',
    url: LOGO_UPLOAD,
    payload: body,
    headers: { 'content-type': contentType, 'x-file-name': 'logo.png' },
  });
}

function storedRow(tenantId: string) {
  return adminDb
    .selectFrom('tenant_configurations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

function audited(tenantId: string) {
  return adminDb
    .selectFrom('audit_events')
    .select(['action', 'actor_user_id', 'details'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'branding.changed')
    .orderBy('id')
    .execute();
}

// The files kept for a tenant, so a refused upload can be shown to leave none behind.
async function storedFiles(tenantId: string): Promise<string[]> {
  const dir = path.join(services.config.FILES_DIR, `t${tenantId}`);
  const shards = await readdir(dir).catch(() => []);
  const files = await Promise.all(shards.map((shard) => readdir(path.join(dir, shard)).catch(() => [])));
  return files.flat();
}

async function configuration(slug: string) {
  const response = await TestClient.forTenant(app, slug).get(CONFIG);
  expect(response.statusCode).toBe(200);
  return ConfigurationSchema.parse(response.json());
}

describe('PATCH admin/branding/ (Settings > Branding)', () => {
  it('saves name, colours, banner and placeholders; the configuration shows them at once; audited', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, {
      name: '  Acme Compliance  ',
      brand_color: '#0c8599',
      banner_enabled: true,
      banner_message: 'Audit week: answers are frozen on Friday.',
      banner_color: '#FFF',
      filter_placeholders: { Region: 'All territories', Business: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(BrandingSchema.parse(response.json())).toMatchObject({
      name: 'Acme Compliance',
      brand_color: '#0c8599',
      banner_color: '#FFF',
      filter_placeholders: { Region: 'All territories', Business: null },
    });

    const config = await configuration(tenant.slug);
    expect(config.name).toBe('Acme Compliance');
    expect(config.custom_ui_labels).toMatchObject({
      brandColor: '#0c8599',
      color: '#FFF',
      trigger: true,
      banner_message: 'Audit week: answers are frozen on Friday.',
      filter_placeholders: { Region: 'All territories', Business: null },
    });

    // Saving the same values again changes nothing and records nothing.
    expect((await patch(admin, { brand_color: '#0c8599', name: 'Acme Compliance' })).statusCode).toBe(200);
    const events = await audited(tenant.id);
    expect(events).toEqual([
      {
        action: 'branding.changed',
        actor_user_id: String(tenant.userIds[tenant.admin]),
        details: {
          changed: [
            'banner_color',
            'banner_enabled',
            'banner_message',
            'brand_color',
            'filter_placeholders',
            'name',
          ],
        },
      },
    ]);
  });

  it.each([
    ['a colour with 4 digits', { brand_color: '#abcd' }, 'brand_color', HEX_COLOR_MESSAGE],
    ['a colour without #', { banner_color: 'fff' }, 'banner_color', HEX_COLOR_MESSAGE],
    [
      'a CSS expression as colour',
      { brand_color: 'red;background:url(x)' },
      'brand_color',
      HEX_COLOR_MESSAGE,
    ],
    [
      'a bare https:// link',
      { header_links: [{ label: 'Docs', url: 'https://' }] },
      'header_links.0.url',
      LINK_URL_MESSAGES.link,
    ],
    [
      'a link that is no URL',
      { header_links: [{ label: 'Docs', url: 'https://exa mple.test' }] },
      'header_links.0.url',
      LINK_URL_MESSAGES.link,
    ],
  ])(
    'refuses %s with 400 and the shared message, writing nothing',
    async (_name, payload, field, message) => {
      const tenant = await createAdminTestTenant(adminDb);
      const admin = await signedIn(tenant.slug, tenant.admin);
      const before = await storedRow(tenant.id);
      const response = await patch(admin, { name: 'Changed too', ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid', errors: { [field]: [message] } });
      expect(await storedRow(tenant.id)).toEqual(before);
      expect(await audited(tenant.id)).toEqual([]);
    },
  );

  it('refuses an empty name', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect((await configuration(tenant.slug)).name).toBe(`Tenant ${tenant.slug}`);
  });
});

describe('PUT admin/branding/logo/', () => {
  it('stores a PNG, shows it at once in the configuration, serves it publicly, audits it', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    // The declared type does not matter: the bytes are a PNG.
    const response = await upload(admin, PNG, 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    const logo = BrandingSchema.parse(response.json()).logo;
    expect(logo).toMatch(/^\/api\/v1\/customers\/configuration\/logo\/\?v=[0-9a-f]{16}$/);
    expect((await configuration(tenant.slug)).logo).toBe(logo);

    const image = await TestClient.forTenant(app, tenant.slug).get(logo ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(await storedFiles(tenant.id)).toHaveLength(1);

    const events = await audited(tenant.id);
    expect(events.map((e) => e.details)).toEqual([
      { changed: ['logo'], uploaded: { content_type: 'image/png', size: PNG.length } },
    ]);

    // A logo address set instead removes the uploaded file.
    expect((await patch(admin, { logo: null })).statusCode).toBe(200);
    expect(await storedFiles(tenant.id)).toEqual([]);
    expect((await TestClient.forTenant(app, tenant.slug).get(LOGO)).statusCode).toBe(404);
  });

  it.each([
    ['a text file named logo.png', Buffer.from('not an image at all, just text\n'), LOGO_MESSAGES.notImage],
    [
      'an SVG (script in an image)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      LOGO_MESSAGES.notImage,
    ],
    ['an empty file', Buffer.alloc(0), LOGO_MESSAGES.empty],
    ['a PNG over 1 MB', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), LOGO_MESSAGES.tooLarge],
  ])('refuses %s with 400 and a clear message; nothing written', async (_name, body, message) => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const before = await storedRow(tenant.id);
    const response = await upload(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message });
    expect(await storedRow(tenant.id)).toEqual(before);
    expect(await audited(tenant.id)).toEqual([]);
    expect(await storedFiles(tenant.id)).toEqual([]);
  });
});

describe('access', () => {
  it('is refused (403) to people without can_access_admin_settings, and nothing is written', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = await signedIn(tenant.slug, tenant.member);
    const before = await storedRow(tenant.id);
    expect((await member.get(BRANDING)).statusCode).toBe(403);
    expect((await patch(member, { brand_color: '#000' })).statusCode).toBe(403);
    expect((await upload(member, PNG)).statusCode).toBe(403);
    expect(await storedRow(tenant.id)).toEqual(before);
    expect(await storedFiles(tenant.id)).toEqual([]);
  });

  it("keeps tenants apart: B's administrator sees and changes only B's branding", async () => {
    const a = await createAdminTestTenant(adminDb);
    const b = await createAdminTestTenant(adminDb);
    const adminA = await signedIn(a.slug, a.admin);
    const adminB = await signedIn(b.slug, b.admin);
    expect((await patch(adminA, { name: 'Tenant A', brand_color: '#112233' })).statusCode).toBe(200);
    expect((await upload(adminA, PNG)).statusCode).toBe(200);

    const seenByB = BrandingSchema.parse((await adminB.get(BRANDING)).json());
    expect(seenByB).toMatchObject({ name: `Tenant ${b.slug}`, brand_color: null, logo: null });
    expect((await patch(adminB, { brand_color: '#445566' })).statusCode).toBe(200);
    expect((await configuration(a.slug)).custom_ui_labels.brandColor).toBe('#112233');
    // A's logo is not B's: B's host has none to serve.
    expect((await TestClient.forTenant(app, b.slug).get(LOGO)).statusCode).toBe(404);

    // B's session sent to A's host is not a session there.
    const crossed = TestClient.forTenant(app, a.slug);
    for (const [name, value] of adminB.cookies) crossed.cookies.set(name, value);
    expect((await patch(crossed, { brand_color: '#000000' })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await configuration(a.slug)).custom_ui_labels.brandColor).toBe('#112233');
  });

  // Issue 19: the sign-in page shows the tenant's name, logo and brand colour. They come from the
  // configuration, the spec's one call made before anyone signs in (spec 1 §2, §7), so it must answer
  // signed out, only for the host's tenant, and carry nothing beyond the spec's public fields.
  it("gives the signed-out sign-in page this tenant's name, logo and colour, and nothing private", async () => {
    const a = await createAdminTestTenant(adminDb);
    const b = await createAdminTestTenant(adminDb);
    const adminA = await signedIn(a.slug, a.admin);
    expect((await patch(adminA, { name: 'Acme Trust', brand_color: '#c2255c' })).statusCode).toBe(200);
    expect((await upload(adminA, PNG)).statusCode).toBe(200);

    const signedOut = await TestClient.forTenant(app, a.slug).get(CONFIG);
    expect(signedOut.statusCode).toBe(200);
    const seen = ConfigurationSchema.parse(signedOut.json());
    expect(seen).toMatchObject({ name: 'Acme Trust', custom_ui_labels: { brandColor: '#c2255c' } });
    expect(seen.logo).toMatch(/^\/api\/v1\/customers\/configuration\/logo\/\?v=[0-9a-f]{16}$/);
    expect((await TestClient.forTenant(app, a.slug).get(seen.logo ?? '')).statusCode).toBe(200);
    // Exactly the spec's fields: no storage key, no audit, no security settings, no users.
    expect(Object.keys(signedOut.json()).sort()).toEqual(Object.keys(ConfigurationSchema.shape).sort());
    const row = await storedRow(a.id);
    expect(signedOut.body).not.toContain(String(row?.logo_storage_key));

    // B's host never answers A's branding.
    const other = ConfigurationSchema.parse((await TestClient.forTenant(app, b.slug).get(CONFIG)).json());
    expect(other).toMatchObject({
      name: `Tenant ${b.slug}`,
      logo: null,
      custom_ui_labels: { brandColor: null },
    });
    expect(JSON.stringify(other)).not.toContain('Acme Trust');
  });
});
