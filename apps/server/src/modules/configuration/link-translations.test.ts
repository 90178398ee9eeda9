import { CONFIGURATION_PATHS, ConfigurationSchema, LOCALIZED_TEXT_MESSAGES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

// Issue 14: support and header links carry their label per language; the web app shows the
// reader's (the configuration is read before anyone signs in, so it answers them all).
const { app, adminDb } = await createTestApp();
const HELP = { label: 'Help centre', url: 'https://support.example.test/' };
const HELP_AR = { ar: 'مركز المساعدة', 'es-MX': 'Centro de soporte' };

async function configurationOf(slug: string) {
  return ConfigurationSchema.parse(
    (await TestClient.forTenant(app, slug).get(CONFIGURATION_PATHS.configuration)).json(),
  );
}

describe('link label translations', () => {
  it('answers each link with its translations', async () => {
    const tenant = await createTestTenant(adminDb, {
      configuration: {
        support_links: [{ ...HELP, label_translations: HELP_AR }],
        custom_ui_labels: { header_links: [{ label: 'Policies', url: 'https://p.example.test/' }] },
      },
    });
    const config = await configurationOf(tenant.slug);
    expect(config.support_links).toEqual([{ ...HELP, label_translations: HELP_AR }]);
    expect(config.custom_ui_labels.header_links).toEqual([
      { label: 'Policies', url: 'https://p.example.test/' },
    ]);
  });

  it('keeps a stored link whose translations are broken, without them', async () => {
    const tenant = await createTestTenant(adminDb, {
      configuration: { support_links: [{ ...HELP, label_translations: { klingon: 'x', ar: '' } }] },
    });
    expect((await configurationOf(tenant.slug)).support_links).toEqual([HELP]);
  });

  it('lets an administrator set them, refusing an unknown language with the shared message', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = TestClient.forTenant(app, tenant.slug);
    expect((await admin.signIn(tenant.admin)).statusCode).toBe(200);
    const patch = (support_links: object[]) =>
      admin.request({ method: 'PATCH', url: CONFIGURATION_PATHS.branding, payload: { support_links } });
    const refused = await patch([{ ...HELP, label_translations: { klingon: 'x' } }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'support_links.0.label_translations.klingon': [LOCALIZED_TEXT_MESSAGES.unknownLocale],
    });
    expect((await patch([{ ...HELP, label_translations: HELP_AR }])).statusCode).toBe(200);
    expect((await configurationOf(tenant.slug)).support_links).toEqual([
      { ...HELP, label_translations: HELP_AR },
    ]);
  });
});
