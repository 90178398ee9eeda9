import {
  BrandingSchema,
  COMPLETE_LOCALES,
  CONFIGURATION_PATHS,
  ConfigurationSchema,
  findLocale,
  LINK_URL_MESSAGES,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../db/seed/demo-tenants.js';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

// Issue 12, finding 8: links and embeds from tenant data are checked when written and when read.
const { app, adminDb } = await createTestApp();
const BRANDING = CONFIGURATION_PATHS.branding;
const CONFIG = CONFIGURATION_PATHS.configuration;

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

function patch(client: TestClient, payload: object) {
  return client.request({ method: 'PATCH', url: BRANDING, payload });
}

function stored(tenantId: string) {
  return adminDb
    .selectFrom('tenant_configurations')
    .select(['logo', 'report_embed_url', 'support_links', 'custom_ui_labels'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

describe('PATCH admin/branding/', () => {
  it('refuses a javascript: header link with 400 and the shared message, and stores nothing', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const before = await stored(tenant.id);
    const response = await patch(admin, {
      header_links: [{ label: 'Policies', url: 'javascript:alert(document.cookie)' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid',
      errors: { 'header_links.0.url': [LINK_URL_MESSAGES.link] },
    });
    expect(await stored(tenant.id)).toEqual(before);
  });

  it('refuses an http:// embed address with 400 and the shared message', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, { report_embed_url: 'http://reports.example.test/embed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid',
      errors: { report_embed_url: [LINK_URL_MESSAGES.embed] },
    });
    expect((await stored(tenant.id)).report_embed_url).toBeNull();
  });

  it.each([
    [
      'a data: support link',
      { support_links: [{ label: 'Help', url: 'data:text/html,<script>1</script>' }] },
    ],
    ['a vbscript: header link', { header_links: [{ label: 'Help', url: 'vbscript:msgbox(1)' }] }],
    ['a protocol-relative link', { header_links: [{ label: 'Help', url: '//evil.test/' }] }],
    ['a link with user-info', { support_links: [{ label: 'Help', url: 'https://bank.test@evil.test/' }] }],
    ['a javascript: embed', { report_embed_url: 'javascript:alert(1)' }],
    ['a logo on another host', { logo: 'https://tracker.evil.test/pixel.png' }],
    ['a data: logo', { logo: 'data:image/svg+xml,<svg onload=alert(1)>' }],
  ])('refuses %s with 400', async (_name, payload) => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const response = await patch(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid' });
  });

  it('saves https, http and own-path links, an https embed and a logo served by us; keeps the other labels', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    await adminDb
      .updateTable('tenant_configurations')
      .set({ custom_ui_labels: JSON.stringify({ banner_message: 'Audit week', trigger: true }) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const admin = await signedIn(tenant.slug, tenant.admin);
    const branding = {
      logo: '/brand/test.svg',
      report_embed_url: 'https://reports.example.test/views/overview?:embed=y',
      header_links: [
        { label: 'Policies', url: 'https://policies.example.test/' },
        { label: 'Reports', url: '/reports/tableau' },
      ],
      support_links: [{ label: 'Intranet help', url: 'http://help.example.test/' }],
    };
    const response = await patch(admin, branding);
    expect(response.statusCode).toBe(200);
    expect(BrandingSchema.parse(response.json())).toMatchObject(branding);
    expect(BrandingSchema.parse((await admin.get(BRANDING)).json())).toMatchObject(branding);

    const config = ConfigurationSchema.parse((await admin.get(CONFIG)).json());
    expect(config).toMatchObject({
      logo: branding.logo,
      report_embed_url: branding.report_embed_url,
      support_links: branding.support_links,
    });
    expect(config.custom_ui_labels).toMatchObject({
      banner_message: 'Audit week',
      trigger: true,
      header_links: branding.header_links,
    });

    // null clears the embed (the reports icon disappears) and the logo (the name shows).
    const cleared = await patch(admin, { report_embed_url: null, logo: null });
    expect(cleared.json()).toMatchObject({ report_embed_url: null, logo: null });

    // Each change is in the audit trail, by field name only.
    const audited = await adminDb
      .selectFrom('audit_events')
      .select(['details'])
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'branding.changed')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.details)).toEqual([
      { changed: ['header_links', 'logo', 'report_embed_url', 'support_links'] },
      { changed: ['logo', 'report_embed_url'] },
    ]);
  });

  it('is for administrators only', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const member = await signedIn(tenant.slug, tenant.member);
    expect((await member.get(BRANDING)).statusCode).toBe(403);
    expect((await patch(member, { logo: null })).statusCode).toBe(403);
  });
});

describe('stored links and embeds on read', () => {
  it('drops a bad stored value from the configuration API instead of answering it', async () => {
    // Written behind the API's back (an old row, a manual fix in SQL): the read rule still applies.
    const tenant = await createTestTenant(adminDb, {
      configuration: {
        logo: 'https://tracker.evil.test/pixel.png',
        report_embed_url: 'http://reports.example.test/embed',
        custom_ui_labels: {
          banner_message: 'Kept',
          header_links: [
            { label: 'Bad', url: 'javascript:alert(1)' },
            { label: 'Good', url: 'https://policies.example.test/' },
          ],
        },
        support_links: [
          { label: 'Bad', url: 'data:text/html,<script>alert(1)</script>' },
          { label: 'Good', url: '/mysubscriptions/' },
        ],
      },
    });
    const response = await TestClient.forTenant(app, tenant.slug).get(CONFIG);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('javascript:');
    expect(response.body).not.toContain('data:text/html');
    expect(response.body).not.toContain('tracker.evil.test');
    const config = ConfigurationSchema.parse(response.json());
    expect(config.logo).toBeNull();
    expect(config.report_embed_url).toBeNull();
    expect(config.custom_ui_labels.banner_message).toBe('Kept');
    expect(config.custom_ui_labels.header_links).toEqual([
      { label: 'Good', url: 'https://policies.example.test/' },
    ]);
    expect(config.support_links).toEqual([{ label: 'Good', url: '/mysubscriptions/' }]);
  });
});

describe('demo seed', () => {
  it('writes only links, embeds and logos that pass the rules', () => {
    for (const tenant of DEMO_TENANTS) {
      const c = tenant.configuration ?? {};
      const labels = c.custom_ui_labels ?? {};
      expect(() =>
        BrandingSchema.pick({
          logo: true,
          report_embed_url: true,
          header_links: true,
          support_links: true,
        }).parse({
          logo: c.logo ?? null,
          report_embed_url: c.report_embed_url ?? null,
          header_links: labels.header_links ?? [],
          support_links: c.support_links ?? [],
        }),
      ).not.toThrow();
    }
  });

  it('offers every complete locale on the demo tenant, each a catalogue locale with its strings', () => {
    const acme = DEMO_TENANTS.find((tenant) => tenant.slug === 'acme');
    expect(acme?.configuration?.supported_languages).toEqual([...COMPLETE_LOCALES]);
    expect(COMPLETE_LOCALES).toHaveLength(12);
    for (const code of COMPLETE_LOCALES) expect(findLocale(code)?.code).toBe(code);
  });
});
