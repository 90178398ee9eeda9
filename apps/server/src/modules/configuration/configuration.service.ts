import {
  BRANDS,
  type Configuration,
  type CustomUiLabels,
  DEFAULT_LOCALE,
  FEATURE_TOGGLES,
  findLocale,
} from '@attest/shared';
import { z } from 'zod';
import type { TenantContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type ConfigurationRow, configurationRepository } from './configuration.repository.js';
import { safeEmbedUrl, safeLinks, safeLogo } from './stored-branding.js';

// custom_ui_labels is edited by administrators as JSON; anything missing or malformed falls back
// to its default instead of breaking every page of the tenant.
const StoredLabelsSchema = z.object({
  banner_message: z.string().max(500).nullable().catch(null).default(null),
  trigger: z.boolean().catch(false).default(false),
  color: z.string().nullable().catch(null).default(null),
  brandColor: z.string().nullable().catch(null).default(null),
  header_links: z.unknown().optional().transform(safeLinks),
  specialFeatures: z.array(z.string()).catch([]).default([]),
  filter_placeholders: z
    .object({ Region: z.string().nullable().default(null), Business: z.string().nullable().default(null) })
    .catch({ Region: null, Business: null })
    .default({ Region: null, Business: null }),
});

export type TenantConfiguration = { configuration: Configuration; maintenance: boolean };

export async function getConfiguration(ctx: TenantContext): Promise<TenantConfiguration> {
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    configurationRepository.find(tx, ctx.tenant.id),
  );
  const configuration = toConfiguration(ctx, row);
  return { configuration, maintenance: configuration.configuration.is_maintenance_mode_enabled };
}

function toConfiguration(ctx: TenantContext, row: ConfigurationRow | undefined): Configuration {
  const brand = BRANDS[ctx.tenant.brand];
  const languages = (row?.supported_languages ?? [DEFAULT_LOCALE]).filter((code) => findLocale(code));
  const labels: CustomUiLabels = StoredLabelsSchema.parse(row?.custom_ui_labels ?? {});
  const toggles = Object.fromEntries(
    FEATURE_TOGGLES.map((name) => [name, row?.feature_toggles?.[name] === true]),
  );
  return {
    name: ctx.tenant.name,
    tenant: ctx.tenant.slug,
    brand: ctx.tenant.brand,
    brand_title: brand.title,
    brand_copyright: brand.copyright,
    logo: safeLogo(row?.logo),
    supported_languages: languages,
    supported_languages_json: languages.flatMap((code) => {
      const locale = findLocale(code);
      return locale ? [{ code: locale.code, name: locale.name, nativeName: locale.nativeName }] : [];
    }),
    default_language: row?.default_language ?? DEFAULT_LOCALE,
    custom_ui_labels: labels,
    feature_toggles: toggles,
    configuration: {
      is_maintenance_mode_enabled: row?.is_maintenance_mode_enabled ?? false,
      message_on_maintenance_page: row?.message_on_maintenance_page ?? null,
      maintenance_end_time: row?.maintenance_end_time?.toISOString() ?? null,
    },
    report_embed_url: safeEmbedUrl(row?.report_embed_url),
    support_links: safeLinks(row?.support_links),
  };
}
