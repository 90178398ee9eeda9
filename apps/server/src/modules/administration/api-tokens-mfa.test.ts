import {
  ACCOUNT_PATHS,
  API_TOKEN_ERROR_CODES,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  ApiTokenCreatedSchema,
} from '@attest/shared';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createAdminTestTenant } from '../../test/admin-fixtures.js';
import { createTestApp, TestClient } from '../../test/test-app.js';

// Issue 19: the tenant's MFA requirement and API tokens. A token outlives the sign-in that made it,
// so while MFA is required only a session that passed a second factor makes one; tokens made before
// the requirement keep working (docs/administration.md, API tokens).
const { app, adminDb } = await createTestApp();

const NEW_TOKEN = { name: 'Nightly sync', scopes: ['can_view_dashboard'], expires_in_days: 30 };

async function requireMfa(tenantId: string, on: boolean) {
  await adminDb
    .updateTable('tenant_configurations')
    .set({ require_mfa: on })
    .where('tenant_id', '=', tenantId)
    .execute();
}

function workflowsWith(slug: string, token: string) {
  return app.inject({
    method: 'GET',
    url: '/api/v1/workflows/',
    headers: { host: `${slug}.localhost`, authorization: `Bearer ${token}` },
  });
}

async function tokenCount(tenantId: string) {
  const rows = await adminDb
    .selectFrom('api_tokens')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.length;
}

describe('API tokens under the tenant MFA requirement', () => {
  it('needs a second factor to create one; tokens made before keep working', async () => {
    const tenant = await createAdminTestTenant(adminDb);
    const admin = TestClient.forTenant(app, tenant.slug);
    expect((await admin.signIn(tenant.admin)).statusCode).toBe(200);

    // Without the requirement a password session makes tokens, as before.
    const before = await admin.post(API_TOKEN_PATHS.tokens, NEW_TOKEN);
    expect(before.statusCode, before.body).toBe(201);
    const earlier = ApiTokenCreatedSchema.parse(before.json());

    // Turned on: this password-only session (opened before) may not leave a token behind.
    await requireMfa(tenant.id, true);
    const refused = await admin.post(API_TOKEN_PATHS.tokens, NEW_TOKEN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: API_TOKEN_MESSAGES.mfaRequired,
      code: API_TOKEN_ERROR_CODES.mfaRequired,
    });
    expect(await tokenCount(tenant.id)).toBe(1);
    // The token made earlier still lists workflows.
    expect((await workflowsWith(tenant.slug, earlier.token)).statusCode).toBe(200);

    // Once the session passed a second factor (here: the authenticator set up in it), it may.
    const setup = await admin.post(ACCOUNT_PATHS.totpSetup, {});
    expect(setup.statusCode).toBe(200);
    const code = await generate({ secret: setup.json().secret as string });
    expect((await admin.post(ACCOUNT_PATHS.totpConfirm, { code })).statusCode).toBe(200);
    const after = await admin.post(API_TOKEN_PATHS.tokens, NEW_TOKEN);
    expect(after.statusCode, after.body).toBe(201);
    const fresh = ApiTokenCreatedSchema.parse(after.json());
    expect((await workflowsWith(tenant.slug, fresh.token)).statusCode).toBe(200);
  });

  it("applies to its own tenant only: another tenant's requirement changes nothing here", async () => {
    const strict = await createAdminTestTenant(adminDb);
    const relaxed = await createAdminTestTenant(adminDb);
    await requireMfa(strict.id, true);
    const admin = TestClient.forTenant(app, relaxed.slug);
    expect((await admin.signIn(relaxed.admin)).statusCode).toBe(200);
    expect((await admin.post(API_TOKEN_PATHS.tokens, NEW_TOKEN)).statusCode).toBe(201);
  });
});
