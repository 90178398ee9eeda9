import {
  BRANDS,
  type Configuration,
  type CustomUiLabels,
  DEFAULT_LOCALE,
  FEATURE_TOGGLES,
  findLocale,
} from '@attest/shared';
import type { TenantContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type ConfigurationRow, configurationRepository } from './configuration.repository.js';
import { safeEmbedUrl, safeLinks, safeLogo, storedLabels } from './stored-branding.js';

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
  const labels: CustomUiLabels = storedLabels(row?.custom_ui_labels);
  const toggles = Object.fromEntries(
    FEATURE_TOGGLES.map((name) => [name, row?.feature_toggles?.[name] === true]),
  );
  return {
    // Issue 19: the name an administrator gave in Settings > Branding, else the tenant's own.
    name: row?.display_name ?? ctx.tenant.name,
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
