import { ADMIN_PATHS, type SsoProvider, SsoProviderSchema } from '@attest/shared';
import { expect } from 'vitest';
import type { TestOidcProvider } from './oidc-provider.js';
import type { TestClient } from './test-app.js';

const CLIENT_SECRET = 'a-long-client-secret-for-tests';

// An SSO provider added through the admin API by a signed-in administrator, with a group of its own
// for the people it creates, and its client registered at the test provider.
export async function addSsoProvider(
  admin: TestClient,
  oidc: TestOidcProvider,
  options: {
    tenantSlug: string;
    slug?: string;
    allowedEmailDomains?: string[];
    logoutRedirectUrl?: string;
  },
): Promise<{ provider: SsoProvider; groupId: number }> {
  const group = await admin.post(ADMIN_PATHS.groups, { name: 'SSO people' });
  const clientId = `client-${options.tenantSlug}`;
  const created = await admin.post(ADMIN_PATHS.ssoProviders, {
    slug: options.slug ?? 'corp',
    display_name: 'Corp login',
    issuer: oidc.issuer,
    client_id: clientId,
    client_secret: CLIENT_SECRET,
    allowed_email_domains: options.allowedEmailDomains ?? ['corp.test'],
    default_group_id: group.json().id,
    ...(options.logoutRedirectUrl && { logout_redirect_url: options.logoutRedirectUrl }),
  });
  expect(created.statusCode).toBe(201);
  const provider = SsoProviderSchema.parse(created.json());
  await oidc.registerClient({ clientId, clientSecret: CLIENT_SECRET, redirectUris: [provider.redirect_uri] });
  return { provider, groupId: group.json().id as number };
}
