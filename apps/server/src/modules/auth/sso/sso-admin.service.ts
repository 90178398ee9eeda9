import {
  RESERVED_LOGIN_TYPES,
  SERVER_MESSAGES,
  SIGN_IN_PATHS,
  type SsoProvider,
  type SsoProviderCreate,
  type SsoProviderUpdate,
} from '@attest/shared';
import { type AuditAction, recordAudit } from '../../../platform/audit/audit-log.js';
import { isUniqueViolation } from '../../../platform/database-errors.js';
import { BadRequestError, NotFoundError } from '../../../platform/errors.js';
import type { UserContext } from '../../../platform/request-context.js';
import { type Tx, withTenant } from '../../../platform/tenant-transaction.js';
import { adminUsersRepository } from '../../administration/index.js';
import { isAllowedIssuer } from './oidc-configurations.js';
import { type SsoProviderRow, ssoProvidersRepository } from './sso-providers.repository.js';

export type SsoAdminContext = UserContext & {
  seal: (plain: string) => string;
  // scheme://host of this tenant, for the redirect URI to register at the provider.
  origin: string;
  ip: string | null;
};

export function listSsoProviders(ctx: SsoAdminContext, page: { limit: number; offset: number }) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await ssoProvidersRepository.page(tx, page);
    return { rows: rows.map((row) => toSsoProvider(ctx, row)), count };
  });
}

export function getSsoProvider(ctx: SsoAdminContext, id: number): Promise<SsoProvider> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => toSsoProvider(ctx, await findOr404(tx, id)));
}

export function createSsoProvider(ctx: SsoAdminContext, input: SsoProviderCreate): Promise<SsoProvider> {
  return slugTakenOnConflict(
    withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      await validate(tx, input);
      const id = await ssoProvidersRepository.create(tx, {
        tenant_id: ctx.tenant.id,
        slug: input.slug,
        display_name: input.display_name,
        issuer: input.issuer,
        client_id: input.client_id,
        client_secret_encrypted: ctx.seal(input.client_secret),
        allowed_email_domains: [...new Set(input.allowed_email_domains)],
        default_group_id: input.default_group_id == null ? null : String(input.default_group_id),
        logout_redirect_url: input.logout_redirect_url ?? null,
        enabled: input.enabled ?? true,
      });
      await audit(ctx, tx, 'sso_provider.created', { provider_id: Number(id), slug: input.slug });
      return toSsoProvider(ctx, await findOr404(tx, Number(id)));
    }),
  );
}

// A missing client_secret keeps the stored one: the admin screen never sees it to send it back.
export function updateSsoProvider(
  ctx: SsoAdminContext,
  id: number,
  input: SsoProviderUpdate,
): Promise<SsoProvider> {
  return slugTakenOnConflict(
    withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const existing = await findOr404(tx, id);
      await validate(tx, input, existing.id);
      await ssoProvidersRepository.update(tx, existing.id, {
        ...(input.slug !== undefined && { slug: input.slug }),
        ...(input.display_name !== undefined && { display_name: input.display_name }),
        ...(input.issuer !== undefined && { issuer: input.issuer }),
        ...(input.client_id !== undefined && { client_id: input.client_id }),
        ...(input.client_secret !== undefined && { client_secret_encrypted: ctx.seal(input.client_secret) }),
        ...(input.allowed_email_domains !== undefined && {
          allowed_email_domains: [...new Set(input.allowed_email_domains)],
        }),
        ...(input.default_group_id !== undefined && {
          default_group_id: input.default_group_id === null ? null : String(input.default_group_id),
        }),
        ...(input.logout_redirect_url !== undefined && { logout_redirect_url: input.logout_redirect_url }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
      });
      // The secret itself never enters the audit trail, only the fact that it changed.
      const changed = Object.keys(input).sort();
      await audit(ctx, tx, 'sso_provider.changed', { provider_id: id, changed });
      return toSsoProvider(ctx, await findOr404(tx, id));
    }),
  );
}

export function deleteSsoProvider(ctx: SsoAdminContext, id: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const existing = await findOr404(tx, id);
    await ssoProvidersRepository.delete(tx, existing.id);
    await audit(ctx, tx, 'sso_provider.deleted', { provider_id: id, slug: existing.slug });
  });
}

async function validate(tx: Tx, input: SsoProviderUpdate, exceptId?: string): Promise<void> {
  const refuse = (field: string, message: string) => new BadRequestError(message, { [field]: [message] });
  if (input.slug !== undefined) {
    if ((RESERVED_LOGIN_TYPES as readonly string[]).includes(input.slug)) {
      throw refuse('slug', SERVER_MESSAGES.ssoSlugReserved);
    }
    const taken = await ssoProvidersRepository.findBySlug(tx, input.slug);
    if (taken && taken.id !== exceptId) throw refuse('slug', SERVER_MESSAGES.ssoSlugTaken);
  }
  if (input.issuer !== undefined && !isAllowedIssuer(input.issuer)) {
    throw refuse('issuer', SERVER_MESSAGES.ssoIssuerInsecure);
  }
  if (input.default_group_id != null) {
    const known = await adminUsersRepository.existingGroupIds(tx, [String(input.default_group_id)]);
    if (known.size === 0) throw refuse('default_group_id', SERVER_MESSAGES.unknownGroups);
  }
}

// The slug check and a concurrent request can both pass; the unique index decides.
async function slugTakenOnConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new BadRequestError(SERVER_MESSAGES.ssoSlugTaken, { slug: [SERVER_MESSAGES.ssoSlugTaken] });
  }
}

async function findOr404(tx: Tx, id: number): Promise<SsoProviderRow> {
  const row = await ssoProvidersRepository.find(tx, String(id));
  if (!row) throw new NotFoundError();
  return row;
}

function audit(ctx: SsoAdminContext, tx: Tx, action: AuditAction, details: Record<string, unknown>) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    details,
    ipAddress: ctx.ip,
  });
}

function toSsoProvider(ctx: SsoAdminContext, row: SsoProviderRow): SsoProvider {
  return {
    id: Number(row.id),
    slug: row.slug,
    display_name: row.display_name,
    issuer: row.issuer,
    client_id: row.client_id,
    allowed_email_domains: row.allowed_email_domains,
    default_group_id: row.default_group_id === null ? null : Number(row.default_group_id),
    logout_redirect_url: row.logout_redirect_url,
    enabled: row.enabled,
    redirect_uri: `${ctx.origin}${SIGN_IN_PATHS.ssoCallback(row.slug)}`,
    created_at: row.created_at.toISOString(),
  };
}
