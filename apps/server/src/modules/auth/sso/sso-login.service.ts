import { SIGN_IN_PATHS, SSO_ERROR_CODES, type SsoErrorCode } from '@attest/shared';
import * as oidc from 'openid-client';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import { safeNextPath } from '../../../platform/auth/next-path.js';
import { hashToken } from '../../../platform/auth/session-token.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { isUniqueViolation } from '../../../platform/database-errors.js';
import { NotFoundError } from '../../../platform/errors.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { oidcConfiguration } from './oidc-configurations.js';
import { ssoLoginRepository } from './sso-login.repository.js';
import { type SsoProviderRow, ssoProvidersRepository } from './sso-providers.repository.js';

// The person has this long between leaving for the provider and coming back.
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';

export type SsoContext = TenantContext & {
  openSecret: (sealed: string) => string;
  // scheme://host of this tenant: the callback must come back to the host that holds the cookies.
  origin: string;
};

// A failure the person is told about on the login page, by code (never the provider's own words).
export class SsoLoginError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`SSO sign-in failed: ${code}`, options);
  }
}

export async function startSsoLogin(
  ctx: SsoContext,
  slug: string,
  input: { next?: string; popup: boolean },
): Promise<{ url: string; state: string }> {
  const provider = await findProvider(ctx, slug);
  const configuration = await configurationOf(ctx, provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    ssoLoginRepository.saveState(tx, {
      tenantId: ctx.tenant.id,
      stateHash: hashToken(state),
      providerId: provider.id,
      nonce,
      codeVerifier,
      nextPath: safeNextPath(input.next),
      popup: input.popup,
      expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
    }),
  );
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(ctx, slug),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

export type SsoCallback = {
  currentUrl: URL;
  state: string | undefined;
  // The state this browser started with (a cookie): a callback carrying someone else's state, as in
  // login CSRF, does not match it.
  browserState: string | undefined;
  error: string | undefined;
  client: ClientInfo;
};

export async function finishSsoLogin(
  ctx: SsoContext,
  slug: string,
  callback: SsoCallback,
): Promise<{ outcome: SignInOutcome; nextPath: string | null; popup: boolean }> {
  const provider = await findProvider(ctx, slug);
  const { state } = callback;
  if (!state || state !== callback.browserState) throw new SsoLoginError(SSO_ERROR_CODES.invalidState);
  const login = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    ssoLoginRepository.consumeState(tx, hashToken(state), provider.id),
  );
  if (!login) throw new SsoLoginError(SSO_ERROR_CODES.invalidState);
  if (callback.error) {
    throw new SsoLoginError(
      callback.error === 'access_denied' ? SSO_ERROR_CODES.accessDenied : SSO_ERROR_CODES.failed,
    );
  }

  // The network round trips happen between transactions, never inside one.
  const configuration = await configurationOf(ctx, provider);
  const identity = await exchangeCode(configuration, callback.currentUrl, {
    pkceCodeVerifier: login.code_verifier,
    expectedState: state,
    expectedNonce: login.nonce,
  });
  if (!identity.emailVerified) throw new SsoLoginError(SSO_ERROR_CODES.emailNotVerified);
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1);
  if (!provider.allowed_email_domains.includes(domain)) {
    throw new SsoLoginError(SSO_ERROR_CODES.emailDomainNotAllowed);
  }

  const userId = await resolveUser(ctx, provider, identity, callback.client);
  const outcome = await completeFirstFactor(ctx, {
    userId,
    firstFactor: 'sso',
    client: callback.client,
    nextPath: login.next_path,
  });
  return { outcome, nextPath: login.next_path, popup: login.popup };
}

// The linked user, or a new one created just in time. Never an existing account found by e-mail.
async function resolveUser(
  ctx: SsoContext,
  provider: SsoProviderRow,
  identity: ProviderIdentity,
  client: ClientInfo,
): Promise<string> {
  const work = withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const linked = await ssoLoginRepository.findLinkedUser(tx, provider.id, identity.subject);
    if (linked) {
      if (!linked.is_active) throw new SsoLoginError(SSO_ERROR_CODES.userInactive);
      return linked.id;
    }
    // Never link an e-mail arriving from a provider to an existing account: whoever controls that
    // provider account would take over the person's account.
    if (await ssoLoginRepository.findUserByEmail(tx, identity.email)) {
      throw new SsoLoginError(SSO_ERROR_CODES.accountNotLinked);
    }
    const id = await ssoLoginRepository.createUser(tx, {
      tenantId: ctx.tenant.id,
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      groupId: provider.default_group_id,
    });
    await ssoLoginRepository.linkIdentity(tx, {
      tenantId: ctx.tenant.id,
      providerId: provider.id,
      subject: identity.subject,
      userId: id,
      email: identity.email,
    });
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'sso.user_created',
      actorUserId: null,
      targetUserId: id,
      details: { provider: provider.slug, default_group_id: provider.default_group_id },
      ipAddress: client.ipAddress,
    });
    return id;
  });
  try {
    return await work;
  } catch (error) {
    // A concurrent first sign-in with the same e-mail or subject created the account first.
    if (isUniqueViolation(error)) throw new SsoLoginError(SSO_ERROR_CODES.accountNotLinked);
    throw error;
  }
}

type ProviderIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

// The code exchange checks the ID token's issuer, audience, expiry and nonce, and PKCE. Claims the
// ID token leaves out (many providers send e-mail only from userinfo) are read from userinfo.
async function exchangeCode(
  configuration: oidc.Configuration,
  currentUrl: URL,
  checks: { pkceCodeVerifier: string; expectedState: string; expectedNonce: string },
): Promise<ProviderIdentity> {
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, checks);
    const idToken = tokens.claims();
    if (!idToken) throw new Error('No ID token');
    claims = { ...idToken };
    if (typeof claims.email !== 'string') {
      claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...claims };
    }
  } catch (error) {
    throw new SsoLoginError(SSO_ERROR_CODES.failed, { cause: error });
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (email.length < 3 || email.length > 254 || !email.includes('@')) {
    throw new SsoLoginError(SSO_ERROR_CODES.emailNotVerified);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 150) : '');
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  return {
    subject: String(claims.sub),
    email,
    emailVerified: claims.email_verified === true,
    firstName: text(claims.given_name) || first,
    lastName: text(claims.family_name) || rest.join(' '),
  };
}

async function findProvider(ctx: SsoContext, slug: string): Promise<SsoProviderRow> {
  const provider = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    ssoProvidersRepository.findEnabledBySlug(tx, slug),
  );
  if (!provider) throw new NotFoundError();
  return provider;
}

async function configurationOf(ctx: SsoContext, provider: SsoProviderRow): Promise<oidc.Configuration> {
  try {
    return await oidcConfiguration({
      issuer: provider.issuer,
      clientId: provider.client_id,
      clientSecret: ctx.openSecret(provider.client_secret_encrypted),
    });
  } catch (error) {
    throw new SsoLoginError(SSO_ERROR_CODES.providerUnavailable, { cause: error });
  }
}

function redirectUriOf(ctx: SsoContext, slug: string): string {
  return `${ctx.origin}${SIGN_IN_PATHS.ssoCallback(slug)}`;
}
