import { ConfigurationSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();
const CONFIG = '/api/v1/customers/configuration/';

describe('GET customers/configuration/', () => {
  it("answers each tenant's own branding, languages and features", async () => {
    const acme = await createTestTenant(adminDb, {
      brand: 'credit-data',
      configuration: {
        supported_languages: ['en', 'es', 'ar'],
        custom_ui_labels: {
          banner_message: 'Audit week',
          trigger: true,
          specialFeatures: ['NEW_UI_ENABLED'],
        },
        feature_toggles: { ENABLE_NEW_AUTH_FLOW: true },
        report_embed_url: 'https://reports.example.test/embed',
      },
    });
    const other = await createTestTenant(adminDb, { configuration: { supported_languages: ['de'] } });

    const first = await TestClient.forTenant(app, acme.slug).get(CONFIG);
    expect(first.statusCode).toBe(200);
    const config = ConfigurationSchema.parse(first.json());
    expect(config.tenant).toBe(acme.slug);
    expect(config.brand_title).toBe('Attest Credit Data');
    expect(config.supported_languages).toEqual(['en', 'es', 'ar']);
    expect(config.supported_languages_json.map((l) => l.nativeName)).toEqual([
      'English',
      'Español',
      'العربية',
    ]);
    expect(config.custom_ui_labels.banner_message).toBe('Audit week');
    expect(config.custom_ui_labels.trigger).toBe(true);
    expect(config.custom_ui_labels.header_links).toEqual([]);
    expect(config.feature_toggles.ENABLE_NEW_AUTH_FLOW).toBe(true);
    expect(config.feature_toggles.ENABLE_PROCESS_OVERVIEW).toBe(false);
    expect(config.report_embed_url).toBe('https://reports.example.test/embed');

    const second = ConfigurationSchema.parse(
      (await TestClient.forTenant(app, other.slug).get(CONFIG)).json(),
    );
    expect(second.tenant).toBe(other.slug);
    expect(second.supported_languages).toEqual(['de']);
    expect(second.custom_ui_labels.banner_message).toBeNull();
    expect(second.report_embed_url).toBeNull();
  });

  it('falls back to defaults when the stored labels are malformed', async () => {
    const tenant = await createTestTenant(adminDb, {
      configuration: { custom_ui_labels: { trigger: 'yes', header_links: 'none', banner_message: 42 } },
    });
    const config = ConfigurationSchema.parse(
      (await TestClient.forTenant(app, tenant.slug).get(CONFIG)).json(),
    );
    expect(config.custom_ui_labels).toMatchObject({ trigger: false, header_links: [], banner_message: null });
  });

  it('answers 503 with the configuration as body while maintenance is on, and 503 to other calls but signing in', async () => {
    const end = new Date(Date.now() + 3 * 3600_000);
    const tenant = await createTestTenant(adminDb, {
      configuration: {
        is_maintenance_mode_enabled: true,
        message_on_maintenance_page: 'Upgrading the database',
        maintenance_end_time: end,
      },
    });
    const client = TestClient.forTenant(app, tenant.slug);
    const response = await client.get(CONFIG);
    expect(response.statusCode).toBe(503);
    const body = ConfigurationSchema.parse(response.json());
    expect(body.configuration).toEqual({
      is_maintenance_mode_enabled: true,
      message_on_maintenance_page: 'Upgrading the database',
      maintenance_end_time: end.toISOString(),
    });

    // Signing in stays open (issue 19: an administrator must be able to come back and end it);
    // everything else answers 503 (the administrators' way through: global-settings.test.ts).
    const login = await client.post('/api/v1/users/login/', { email: 'admin@x.test', password: 'whatever' });
    expect(login.statusCode).toBe(400);
    const me = await client.get('/api/v1/users/me/');
    expect(me.statusCode).toBe(503);
    expect(me.json()).toEqual({ detail: 'The service is under maintenance.', code: 'maintenance' });
  });

  it('sets a readable pre-session CSRF cookie', async () => {
    const tenant = await createTestTenant(adminDb);
    const response = await TestClient.forTenant(app, tenant.slug).get(CONFIG);
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf?.value).toMatch(/^[\w-]{40,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.domain).toBeUndefined();
  });
});

describe('tenant resolution', () => {
  it('answers 404 with a clear message for an unknown tenant', async () => {
    const response = await new TestClient(app, 'no-such-tenant.localhost').get(CONFIG);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'No tenant named "no-such-tenant" exists. Check the address and try again.',
      code: 'tenant_not_found',
    });
  });

  it('refuses a tenant header that disagrees with the host', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const mismatch = await client.get(CONFIG, { 'x-tenant': 'someone-else' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      detail: 'The tenant header does not match the host.',
      code: 'tenant_mismatch',
    });
    expect((await client.get(CONFIG, { 'x-tenant': tenant.slug })).statusCode).toBe(200);
  });

  it('serves an unknown tenant a 404 page instead of the web app', async () => {
    const response = await new TestClient(app, 'no-such-tenant.localhost').get('/workflows/instances');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('No tenant named &#34;no-such-tenant&#34; exists.');
  });
});
