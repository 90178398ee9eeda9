import type { Branding, BrandingUpdate } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type BrandingRow, configurationRepository } from './configuration.repository.js';
import { safeEmbedUrl, safeLinks, safeLogo } from './stored-branding.js';

// The addresses the tenant's pages show: header and support links, the reports embed and the logo.
// The route's schema has already refused anything but the shared URL rules (issue 12, finding 8).
export function getBranding(ctx: UserContext): Promise<Branding> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findBranding(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    return toBranding(row);
  });
}

// The audit trail records who changed which of them, from where (docs/security.md).
export function updateBranding(
  ctx: UserContext & { ip: string | null },
  input: BrandingUpdate,
): Promise<Branding> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findBranding(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    await configurationRepository.updateBranding(tx, ctx.tenant.id, input);
    // Field names only: the addresses themselves are in the configuration, and change again.
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'branding.changed',
      actorUserId: ctx.auth.user.id,
      details: { changed: Object.keys(input).sort() },
      ipAddress: ctx.ip,
    });
    return { ...toBranding(row), ...input };
  });
}

function toBranding(row: BrandingRow): Branding {
  const labels = row.custom_ui_labels;
  return {
    logo: safeLogo(row.logo),
    report_embed_url: safeEmbedUrl(row.report_embed_url),
    header_links: safeLinks(labels && typeof labels === 'object' ? labels.header_links : undefined),
    support_links: safeLinks(row.support_links),
  };
}
