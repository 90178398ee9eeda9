import type { Branding, BrandingUpdate } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  type BrandingChanges,
  type BrandingRow,
  configurationRepository,
} from './configuration.repository.js';
import { safeEmbedUrl, safeLinks, safeLogo, storedLabels } from './stored-branding.js';

// Settings > Branding (issue 19) and the addresses the tenant's pages show (issue 12). The route's
// schema has already refused anything but the shared rules (URL, hex colour, lengths).
export function getBranding(ctx: UserContext): Promise<Branding> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findBranding(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    return toBranding(ctx, row);
  });
}

// The audit trail records who changed which fields, from where (docs/security.md). A logo address
// set here replaces an uploaded logo, whose file is then removed.
export async function updateBranding(
  ctx: UserContext & { ip: string | null },
  files: FileStore,
  input: BrandingUpdate,
): Promise<Branding> {
  const { branding, replacedFile } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findBranding(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    const before = toBranding(ctx, row);
    const after = normalise({ ...before, ...input });
    // Only what really differs is written and audited: saving an unchanged form records nothing.
    const changed = (Object.keys(input) as (keyof Branding)[])
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .sort();
    if (changed.length === 0) return { branding: before, replacedFile: null };
    await configurationRepository.updateBranding(tx, ctx.tenant.id, toChanges(pick(after, changed)));
    const replacesUpload = changed.includes('logo') && row.logo_storage_key !== null;
    if (replacesUpload) await configurationRepository.setLogoFile(tx, ctx.tenant.id, null, after.logo);
    // Field names only: the values are in the configuration, and change again.
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'branding.changed',
      actorUserId: ctx.auth.user.id,
      details: { changed },
      ipAddress: ctx.ip,
    });
    return { branding: after, replacedFile: replacesUpload ? row.logo_storage_key : null };
  });
  // After the commit: a rolled-back change still has its file.
  if (replacedFile) await files.delete(replacedFile);
  return branding;
}

// An emptied text is no text: the banner without a message, a placeholder back to the default.
function normalise(branding: Branding): Branding {
  const { Region, Business } = branding.filter_placeholders;
  return {
    ...branding,
    banner_message: branding.banner_message || null,
    filter_placeholders: { Region: Region || null, Business: Business || null },
  };
}

function pick(branding: Branding, keys: (keyof Branding)[]): BrandingUpdate {
  return Object.fromEntries(keys.map((key) => [key, branding[key]]));
}

// The form's names to the stored ones: columns, and custom_ui_labels under the spec's names (§3).
function toChanges(update: BrandingUpdate): BrandingChanges {
  const labels: Record<string, unknown> = {};
  if (update.header_links !== undefined) labels.header_links = update.header_links;
  if (update.brand_color !== undefined) labels.brandColor = update.brand_color;
  if (update.banner_color !== undefined) labels.color = update.banner_color;
  if (update.banner_enabled !== undefined) labels.trigger = update.banner_enabled;
  if (update.banner_message !== undefined) labels.banner_message = update.banner_message;
  if (update.filter_placeholders !== undefined) labels.filter_placeholders = update.filter_placeholders;
  return {
    ...(update.name !== undefined && { display_name: update.name }),
    ...(update.logo !== undefined && { logo: update.logo }),
    ...(update.report_embed_url !== undefined && { report_embed_url: update.report_embed_url }),
    ...(update.support_links !== undefined && { support_links: update.support_links }),
    labels,
  };
}

function toBranding(ctx: UserContext, row: BrandingRow): Branding {
  const labels = storedLabels(row.custom_ui_labels);
  return {
    name: row.display_name ?? ctx.tenant.name,
    logo: safeLogo(row.logo),
    report_embed_url: safeEmbedUrl(row.report_embed_url),
    header_links: labels.header_links,
    support_links: safeLinks(row.support_links),
    brand_color: labels.brandColor,
    banner_enabled: labels.trigger,
    banner_message: labels.banner_message,
    banner_color: labels.color,
    filter_placeholders: labels.filter_placeholders,
  };
}
