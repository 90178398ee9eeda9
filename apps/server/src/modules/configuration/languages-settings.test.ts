import {
  CONFIGURATION_PATHS,
  ConfigurationSchema,
  LANGUAGE_MESSAGES,
  LanguageSettingsSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';

// Issue 19, Settings > Languages: the catalogue locales a tenant offers and its default.
const { app, adminDb } = await createTestApp();
const { languages: LANGUAGES, configuration: CONFIG } = CONFIGURATION_PATHS;

async function signedIn(slug: string, email: string): Promise<TestClient> {
  const client = TestClient.forTenant(app, slug);
  expect((await client.signIn(email)).statusCode).toBe(200);
  return client;
}

function put(client: TestClient, payload: object) {
  return client.request({ method: 'PUT', url: LANGUAGES, payload });
}

function stored(tenantId: string) {
  return adminDb
    .selectFrom('tenant_configurations')
    .select(['supported_languages', 'default_language'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

function audited(tenantId: string) {
  return adminDb
    .selectFrom('audit_events')
    .select(['details'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'languages.changed')
    .orderBy('id')
    .execute();
}

describe('PUT admin/languages/', () => {
  it('offers the chosen languages with their default; the picker list changes at once; audited', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    expect(LanguageSettingsSchema.parse((await admin.get(LANGUAGES)).json())).toEqual({
      supported_languages: ['en'],
      default_language: 'en',
    });
    // Codes are stored in the catalogue's spelling.
    const response = await put(admin, {
      supported_languages: ['en', 'ar', 'zh-hans'],
      default_language: 'ar',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supported_languages: ['en', 'ar', 'zh-Hans'], default_language: 'ar' });

    const config = ConfigurationSchema.parse(
      (await TestClient.forTenant(app, tenant.slug).get(CONFIG)).json(),
    );
    expect(config.supported_languages).toEqual(['en', 'ar', 'zh-Hans']);
    expect(config.supported_languages_json.map((l) => l.nativeName)).toEqual([
      'English',
      'العربية',
      '简体中文',
    ]);
    expect(config.default_language).toBe('ar');

    // English can go once it is no longer the default.
    expect((await put(admin, { supported_languages: ['ar'], default_language: 'ar' })).statusCode).toBe(200);
    expect((await audited(tenant.id)).map((e) => e.details)).toEqual([
      { added: ['ar', 'zh-Hans'], removed: [], default_language: { from: 'en', to: 'ar' } },
      { added: [], removed: ['en', 'zh-Hans'] },
    ]);
  });

  it.each([
    [
      'no language',
      { supported_languages: [], default_language: 'en' },
      'supported_languages',
      LANGUAGE_MESSAGES.none,
    ],
    [
      'a default not offered',
      { supported_languages: ['fr'], default_language: 'en' },
      'default_language',
      LANGUAGE_MESSAGES.defaultNotOffered,
    ],
    [
      'a code outside the catalogue',
      { supported_languages: ['en', 'xx'], default_language: 'en' },
      'supported_languages.1',
      LANGUAGE_MESSAGES.unknown,
    ],
    [
      'the same language twice',
      { supported_languages: ['en', 'EN'], default_language: 'en' },
      'supported_languages',
      LANGUAGE_MESSAGES.duplicate,
    ],
  ])('refuses %s with 400 and the message, writing nothing', async (_name, payload, field, message) => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const before = await stored(tenant.id);
    const response = await put(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid', errors: { [field]: [message] } });
    expect(await stored(tenant.id)).toEqual(before);
    expect(await audited(tenant.id)).toEqual([]);
  });

  it('is for administrators only, and one tenant at a time', async () => {
    const a = await createAdminTestTenant(adminDb);
    const b = await createAdminTestTenant(adminDb);
    const member = await signedIn(a.slug, a.member);
    expect((await member.get(LANGUAGES)).statusCode).toBe(403);
    expect((await put(member, { supported_languages: ['fr'], default_language: 'fr' })).statusCode).toBe(403);

    const adminB = await signedIn(b.slug, b.admin);
    expect((await put(adminB, { supported_languages: ['de'], default_language: 'de' })).statusCode).toBe(200);
    expect(await stored(a.id)).toEqual({ supported_languages: ['en'], default_language: 'en' });
  });
});
