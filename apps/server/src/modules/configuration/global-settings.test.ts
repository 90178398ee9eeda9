import {
  CONFIGURATION_PATHS,
  ConfigurationSchema,
  GLOBAL_SETTINGS_MESSAGES,
  GLOBAL_SETTINGS_PATH,
  GlobalSettingsSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

async function signedIn(slug: string, email: string) {
  const client = TestClient.forTenant(app, slug);
  await client.signIn(email);
  return client;
}

const patch = (client: TestClient, payload: object) =>
  client.request({ method: 'PATCH', url: GLOBAL_SETTINGS_PATH, payload });

async function audited(tenantId: string) {
  const rows = await adminDb
    .selectFrom('audit_events')
    .select('details')
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'global_settings.changed')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.details);
}

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe('Settings > Global settings', () => {
  it('reads and changes special features and feature toggles, which the configuration then carries', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const initial = GlobalSettingsSchema.parse((await admin.get(GLOBAL_SETTINGS_PATH)).json());
    expect(initial).toEqual({
      special_features: [],
      feature_toggles: {
        ENABLE_NEW_AUTH_FLOW: false,
        ENABLE_PROCESS_OVERVIEW: false,
        ENABLE_WORKFLOW_LINK_DELINK_FEATURE: false,
        ENABLE_STRUCTURED_DATA_OBJECT: false,
      },
      maintenance: { enabled: false, message: null, end_time: null },
    });
    const changed = await patch(admin, {
      special_features: ['NEW_UI_ENABLED', 'PERSONALISED_HOMEPAGE'],
      feature_toggles: { ENABLE_PROCESS_OVERVIEW: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      special_features: ['PERSONALISED_HOMEPAGE', 'NEW_UI_ENABLED'],
      feature_toggles: { ENABLE_PROCESS_OVERVIEW: true, ENABLE_NEW_AUTH_FLOW: false },
    });
    const config = ConfigurationSchema.parse((await admin.get(CONFIGURATION_PATHS.configuration)).json());
    expect(config.custom_ui_labels.specialFeatures).toEqual(['PERSONALISED_HOMEPAGE', 'NEW_UI_ENABLED']);
    expect(config.feature_toggles).toMatchObject({ ENABLE_PROCESS_OVERVIEW: true });

    // Saving the same again writes and audits nothing.
    await patch(admin, { feature_toggles: { ENABLE_PROCESS_OVERVIEW: true } });
    expect(await audited(tenant.id)).toEqual([
      {
        special_features: { before: [], after: ['PERSONALISED_HOMEPAGE', 'NEW_UI_ENABLED'] },
        feature_toggles: {
          before: expect.objectContaining({ ENABLE_PROCESS_OVERVIEW: false }),
          after: expect.objectContaining({ ENABLE_PROCESS_OVERVIEW: true }),
        },
      },
    ]);
  });

  it('validates maintenance (a message, at most 500 characters, an end in the future) and writes nothing bad', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const cases = [
      [
        { enabled: true, message: '  ', end_time: null },
        'maintenance.message',
        GLOBAL_SETTINGS_MESSAGES.maintenanceMessageRequired,
      ],
      [
        { enabled: true, message: 'x'.repeat(501), end_time: null },
        'maintenance.message',
        GLOBAL_SETTINGS_MESSAGES.maintenanceMessageTooLong,
      ],
      [
        { enabled: true, message: 'Upgrade', end_time: '2020-01-01T00:00:00Z' },
        'maintenance.end_time',
        GLOBAL_SETTINGS_MESSAGES.maintenanceEndInPast,
      ],
    ] as const;
    for (const [maintenance, field, message] of cases) {
      const response = await patch(admin, { maintenance });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await patch(admin, { feature_toggles: { NOT_A_TOGGLE: true } })).statusCode).toBe(400);
    expect((await patch(admin, { special_features: ['NOT_A_FEATURE'] })).statusCode).toBe(400);
    expect(
      (await patch(admin, { maintenance: { enabled: true, message: 'x', end_time: 'tomorrow' } })).statusCode,
    ).toBe(400);
    const row = await adminDb
      .selectFrom('tenant_configurations')
      .select(['is_maintenance_mode_enabled', 'message_on_maintenance_page'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_maintenance_mode_enabled: false, message_on_maintenance_page: null });
    expect(await audited(tenant.id)).toEqual([]);
  });

  it('is for administrators only, and one tenant’s settings never reach another', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const other = await createAdminTestTenant(adminDb);
    const member = await signedIn(tenant.slug, tenant.member);
    expect((await member.get(GLOBAL_SETTINGS_PATH)).statusCode).toBe(403);
    expect((await patch(member, { feature_toggles: { ENABLE_PROCESS_OVERVIEW: true } })).statusCode).toBe(
      403,
    );
    expect((await TestClient.forTenant(app, tenant.slug).get(GLOBAL_SETTINGS_PATH)).statusCode).toBe(401);

    const admin = await signedIn(tenant.slug, tenant.admin);
    await patch(admin, { maintenance: { enabled: true, message: 'Back soon', end_time: null } });
    const elsewhere = await TestClient.forTenant(app, other.slug).get(CONFIGURATION_PATHS.configuration);
    expect(elsewhere.statusCode).toBe(200);
    expect(ConfigurationSchema.parse(elsewhere.json()).configuration.is_maintenance_mode_enabled).toBe(false);
  });

  it('never locks the administrator out: maintenance on, everyone else 503, the administrator signs in again and turns it off', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = await signedIn(tenant.slug, tenant.admin);
    const member = await signedIn(tenant.slug, tenant.member);
    const end = inAnHour();
    const on = await patch(admin, {
      maintenance: { enabled: true, message: 'Upgrading the database', end_time: end },
    });
    expect(on.json().maintenance).toEqual({
      enabled: true,
      message: 'Upgrading the database',
      end_time: end,
    });

    // Everyone else: the configuration with 503 (the maintenance page), and 503 to every other call.
    const memberConfig = await member.get(CONFIGURATION_PATHS.configuration);
    expect(memberConfig.statusCode).toBe(503);
    expect(ConfigurationSchema.parse(memberConfig.json()).configuration).toEqual({
      is_maintenance_mode_enabled: true,
      message_on_maintenance_page: 'Upgrading the database',
      maintenance_end_time: end,
    });
    expect((await member.get('/api/v1/users/me/')).statusCode).toBe(503);
    expect((await member.get(GLOBAL_SETTINGS_PATH)).statusCode).toBe(403);

    // The administrator keeps working, and the configuration says maintenance is on without a 503.
    expect((await admin.get('/api/v1/users/me/')).statusCode).toBe(200);
    const adminConfig = await admin.get(CONFIGURATION_PATHS.configuration);
    expect(adminConfig.statusCode).toBe(200);
    expect(adminConfig.json().configuration.is_maintenance_mode_enabled).toBe(true);

    // Signed out (a session that ended during maintenance), the administrator signs in again.
    await admin.get('/api/v1/users/logout/');
    const again = TestClient.forTenant(app, tenant.slug);
    expect((await again.signIn(tenant.admin)).statusCode).toBe(200);
    const off = await patch(again, { maintenance: { enabled: false, message: null, end_time: null } });
    expect(off.statusCode).toBe(200);
    expect((await member.get('/api/v1/users/me/')).statusCode).toBe(200);
    expect((await member.get(CONFIGURATION_PATHS.configuration)).statusCode).toBe(200);
    expect(
      (await audited(tenant.id)).map(
        (d) => (d as { maintenance: { after: { enabled: boolean } } }).maintenance.after.enabled,
      ),
    ).toEqual([true, false]);
  });
});
