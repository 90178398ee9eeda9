import { createHash } from 'node:crypto';
import {
  ADMIN_PATHS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  API_TOKEN_UNGRANTABLE,
  ApiTokenCreatedSchema,
  ApiTokensPageSchema,
  DASHBOARD_PATHS,
  PERMISSION_CODENAMES,
  type PermissionCodename,
  REPORT_PATHS,
  WorkflowListPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseApiToken } from '../../platform/auth/api-token-secret.js';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant } from '../../test/workflow-list-fixtures.js';

const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;
let admin: TestClient;

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  for (const tenant of [t, other]) {
    await grant(adminDb, tenant.id, tenant.users.admin, [
      'can_access_admin_settings',
      'can_add_process_report',
    ]);
    await grant(adminDb, tenant.id, tenant.users.member, ['can_access_admin_settings']);
  }
  admin = await t.signedIn('admin');
});

async function createToken(client: TestClient, scopes: PermissionCodename[], name = 'Reporting sync') {
  const response = await client.post(API_TOKEN_PATHS.tokens, { name, scopes, expires_in_days: 30 });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return ApiTokenCreatedSchema.parse(response.json());
}

// What another system sends: the bearer header and nothing else (no cookie, no CSRF token).
function withBearer(
  token: string,
  url: string,
  options: { method?: 'GET' | 'POST' | 'PATCH'; payload?: object; host?: string } = {},
) {
  return app.inject({
    method: options.method ?? 'GET',
    url,
    payload: options.payload,
    headers: { host: options.host ?? `${t.slug}.localhost`, authorization: `Bearer ${token}` },
  });
}

const auditActions = async (tenantId: string, action: string) =>
  adminDb
    .selectFrom('audit_events')
    .select(['details', 'actor_user_id', 'target_user_id'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', action)
    .execute();

describe('API tokens', () => {
  it('answers the secret once, keeps only its SHA-256, and lists the token without it', async () => {
    const created = await createToken(admin, ['can_view_dashboard']);
    expect(created.token).toMatch(/^att_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Reporting sync',
      scopes: ['can_view_dashboard'],
      status: 'active',
    });
    expect(created.prefix).toBe(created.token.slice(0, 20));
    expect(created.last_used_at).toBeNull();
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    const [row] = await sql<{ text: string; token_hash: Buffer }>`
      select t::text as text, token_hash from api_tokens t where tenant_id = ${t.id} and id = ${created.id}`
      .execute(adminDb)
      .then((r) => r.rows);
    // The secret is base64url, so it may itself contain '_': take it by position, not by splitting.
    const secret = created.token.slice(21);
    expect(secret).toHaveLength(43);
    expect(row?.text).not.toContain(created.token.slice(20));
    expect(row?.token_hash.equals(createHash('sha256').update(created.token.slice(21)).digest())).toBe(true);

    const page = ApiTokensPageSchema.parse((await admin.get(`${API_TOKEN_PATHS.tokens}?limit=1`)).json());
    expect(page.results[0]).toMatchObject({ id: created.id, creator: { email: t.email('admin') } });
    expect(JSON.stringify(page)).not.toContain(created.token.slice(20));
    const audited = await auditActions(t.id, 'api_token.created');
    expect(audited.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        token_id: created.id,
        name: 'Reporting sync',
        scopes: ['can_view_dashboard'],
      }),
    );
  });

  it("lists workflows with the creator's visibility, and is refused outside its scopes", async () => {
    const member = await t.signedIn('member');
    const memberToken = await createToken(member, ['can_view_dashboard']);
    const adminToken = await createToken(admin, ['can_view_dashboard']);
    const names = async (token: string) => {
      const response = await withBearer(token, DASHBOARD_PATHS.workflows);
      expect(response.statusCode).toBe(200);
      return WorkflowListPageSchema.parse(response.json()).results.map((r) => r.name);
    };
    // Delta is in Asia, which the member may not see; the admin may.
    expect(await names(memberToken.token)).not.toContain('Delta');
    expect(await names(adminToken.token)).toContain('Delta');
    // The admin holds can_view_process_report, but this token was not given it.
    const outside = await withBearer(adminToken.token, REPORT_PATHS.dashboards);
    expect(outside.statusCode).toBe(403);
    const used = ApiTokensPageSchema.parse((await admin.get(API_TOKEN_PATHS.tokens)).json()).results;
    expect(used.find((r) => r.id === adminToken.id)?.last_used_at).not.toBeNull();
  });

  it('writes without a CSRF token, while a cookie session still needs one', async () => {
    const { token } = await createToken(admin, ['can_add_process_report']);
    const viaToken = await withBearer(token, REPORT_PATHS.dashboards, {
      method: 'POST',
      payload: { name: 'From the warehouse' },
    });
    expect(viaToken.statusCode).toBe(201);
    const viaCookie = await admin.post(REPORT_PATHS.dashboards, { name: 'No CSRF' }, { csrf: false });
    expect(viaCookie.statusCode).toBe(403);
    expect(viaCookie.json().code).toBe('csrf_failed');
  });

  it('ignores the session cookie beside a bearer token: a bad token is 401 even when signed in', async () => {
    const response = await admin.get(DASHBOARD_PATHS.workflows, { authorization: 'Bearer att_nonsense' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: API_TOKEN_MESSAGES.invalidToken, code: 'invalid_api_token' });
    expect(response.headers['www-authenticate']).toContain('Bearer');
  });

  it('is refused after expiry and after revocation, with the same answer as an unknown token', async () => {
    const expiring = await createToken(admin, ['can_view_dashboard']);
    // Created an hour ago, expired a second ago (the table checks that expiry follows creation).
    await sql`update api_tokens set created_at = now() - interval '1 hour', expires_at = now() - interval '1 second'
      where tenant_id = ${t.id} and id = ${expiring.id}`.execute(adminDb);
    const expired = await withBearer(expiring.token, DASHBOARD_PATHS.workflows);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe(API_TOKEN_MESSAGES.invalidToken);

    const revoking = await createToken(admin, ['can_view_dashboard']);
    expect((await withBearer(revoking.token, DASHBOARD_PATHS.workflows)).statusCode).toBe(200);
    const revoked = await admin.post(API_TOKEN_PATHS.revoke(revoking.id), {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect((await withBearer(revoking.token, DASHBOARD_PATHS.workflows)).statusCode).toBe(401);
    const again = await admin.post(API_TOKEN_PATHS.revoke(revoking.id), {});
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(API_TOKEN_MESSAGES.alreadyRevoked);
    expect((await auditActions(t.id, 'api_token.revoked')).map((e) => e.details)).toContainEqual(
      expect.objectContaining({ token_id: revoking.id }),
    );

    // A wrong secret for a real id: refused too. The token's refusals (the revoked use above and these)
    // are noted once in the audit trail, however often they come.
    const forged = `${revoking.prefix}_${'A'.repeat(43)}`;
    expect(parseApiToken(forged)).not.toBeNull();
    for (let i = 0; i < 3; i += 1) {
      expect((await withBearer(forged, DASHBOARD_PATHS.workflows)).statusCode).toBe(401);
    }
    const refused = (await auditActions(t.id, 'api_token.refused')).filter(
      (e) => (e.details as { token_id?: number }).token_id === revoking.id,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.details).toMatchObject({ reason: 'revoked', name: 'Reporting sync' });
  });

  it("never exceeds its creator's current permissions, and dies with the creator's deactivation", async () => {
    const creator = t.users.member;
    await grant(adminDb, t.id, creator, ['can_view_process_report']);
    const member = await t.signedIn('member');
    const { token } = await createToken(member, ['can_view_process_report', 'can_view_dashboard']);
    expect((await withBearer(token, REPORT_PATHS.dashboards)).statusCode).toBe(200);
    await adminDb
      .deleteFrom('user_permissions')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(creator))
      .where('codename', '=', 'can_view_process_report')
      .execute();
    expect((await withBearer(token, REPORT_PATHS.dashboards)).statusCode).toBe(403);
    expect((await withBearer(token, DASHBOARD_PATHS.workflows)).statusCode).toBe(200);
    await adminDb
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(creator))
      .execute();
    expect((await withBearer(token, DASHBOARD_PATHS.workflows)).statusCode).toBe(401);
    await adminDb
      .updateTable('users')
      .set({ is_active: true })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(creator))
      .execute();
  });

  it('takes scopes only from the permissions its creator holds, and never impersonation', async () => {
    const member = await t.signedIn('member');
    const notHeld = await member.post(API_TOKEN_PATHS.tokens, {
      name: 'Too much',
      scopes: ['can_view_dashboard', 'can_view_process_report'],
      expires_in_days: 30,
    });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json()).toMatchObject({ detail: API_TOKEN_MESSAGES.scopeNotHeld });
    await grant(adminDb, t.id, t.users.admin, ['can_impersonate_users']);
    const impersonate = await admin.post(API_TOKEN_PATHS.tokens, {
      name: 'Acting',
      scopes: ['can_impersonate_users'],
      expires_in_days: 30,
    });
    expect(impersonate.statusCode).toBe(400);
    expect(impersonate.json().detail).toBe(API_TOKEN_MESSAGES.scopeUngrantable);
    for (const body of [
      { name: 'Forever', scopes: ['can_view_dashboard'], expires_in_days: 366 },
      { name: '', scopes: ['can_view_dashboard'], expires_in_days: 30 },
      { name: 'None', scopes: [], expires_in_days: 30 },
      { name: 'Unknown', scopes: ['can_do_anything'], expires_in_days: 30 },
    ]) {
      expect((await admin.post(API_TOKEN_PATHS.tokens, body)).statusCode).toBe(400);
    }
    const names = ApiTokensPageSchema.parse(
      (await admin.get(`${API_TOKEN_PATHS.tokens}?limit=100`)).json(),
    ).results.map((r) => r.name);
    expect(names).not.toContain('Too much');
    expect(names).not.toContain('Forever');
  });

  it('cannot manage tokens, change settings or impersonate, even with the admin permission', async () => {
    const { token } = await createToken(admin, ['can_access_admin_settings', 'can_view_dashboard']);
    // Reading administration is allowed; everything below is for a person in their own session.
    expect((await withBearer(token, ADMIN_PATHS.users)).statusCode).toBe(200);
    const refused = [
      await withBearer(token, API_TOKEN_PATHS.tokens),
      await withBearer(token, API_TOKEN_PATHS.tokens, {
        method: 'POST',
        payload: { name: 'Child', scopes: ['can_view_dashboard'], expires_in_days: 1 },
      }),
      await withBearer(token, ADMIN_PATHS.securitySettings, {
        method: 'PATCH',
        payload: { require_mfa: true },
      }),
      await withBearer(token, ADMIN_PATHS.impersonate, {
        method: 'POST',
        payload: { user_id: t.users.member },
      }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(
      refused.map(() => [403, 'api_token_not_allowed']),
    );
  });

  it("keeps tenants apart: a token is unknown on another tenant's host, and its id is 404 there", async () => {
    const created = await createToken(admin, ['can_view_dashboard']);
    const elsewhere = await withBearer(created.token, DASHBOARD_PATHS.workflows, {
      host: `${other.slug}.localhost`,
    });
    expect(elsewhere.statusCode).toBe(401);
    const otherAdmin = await other.signedIn('admin');
    const listed = ApiTokensPageSchema.parse((await otherAdmin.get(API_TOKEN_PATHS.tokens)).json());
    expect(listed.results.map((r) => r.id)).not.toContain(created.id);
    expect((await otherAdmin.post(API_TOKEN_PATHS.revoke(created.id), {})).statusCode).toBe(404);
    expect((await withBearer(created.token, DASHBOARD_PATHS.workflows)).statusCode).toBe(200);
  });

  // Like platform/route-guards.test.ts: every route, so a new one is covered the day it is added.
  it('is refused on every route a token may never call, and accepted on every other, whatever its scopes', async () => {
    const held = await adminDb
      .selectFrom('user_permissions')
      .select('codename')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.admin))
      .execute();
    const scopes = PERMISSION_CODENAMES.filter((c) => !API_TOKEN_UNGRANTABLE.includes(c));
    const missing = scopes.filter((c) => !held.some((h) => h.codename === c));
    if (missing.length > 0) await grant(adminDb, t.id, t.users.admin, missing);
    const client = await t.signedIn('admin');
    const { token } = await createToken(client, scopes, 'Everything');
    const routes = app.routeAccess.filter((r) => r.method !== 'HEAD');
    expect(routes.filter((r) => !r.apiToken).length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await withBearer(token, route.url.replace(/:[A-Za-z_]+/g, '1'), {
        method: route.method as 'POST',
        payload: route.method === 'GET' ? undefined : {},
      });
      const code = String(response.headers['content-type'] ?? '').includes('json')
        ? response.json().code
        : undefined;
      const refused = response.statusCode === 403 && code === 'api_token_not_allowed';
      const unsigned = response.statusCode === 401 || code === 'csrf_failed';
      if (route.apiToken ? refused || unsigned : !refused) {
        wrong.push(`${route.method} ${route.url} -> ${response.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is refused to people who do not administer', async () => {
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(API_TOKEN_PATHS.tokens)).statusCode).toBe(403);
    expect(
      (
        await supplier.post(API_TOKEN_PATHS.tokens, {
          name: 'x',
          scopes: ['can_view_dashboard'],
          expires_in_days: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});
