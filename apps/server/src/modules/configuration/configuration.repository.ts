import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export type BrandingChanges = {
  display_name?: string;
  logo?: string | null;
  report_embed_url?: string | null;
  support_links?: { label: string; url: string }[];
  // Keys of custom_ui_labels (spec 1 §3 names: header_links, brandColor, color, banner_message,
  // trigger, filter_placeholders); each one sent replaces that key only.
  labels?: Record<string, unknown>;
};

export type LogoFile = { storageKey: string; contentType: string };

export const configurationRepository = {
  find(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenant_configurations')
      .select([
        'display_name',
        'logo',
        'supported_languages',
        'default_language',
        'custom_ui_labels',
        'feature_toggles',
        'support_links',
        'is_maintenance_mode_enabled',
        'message_on_maintenance_page',
        'maintenance_end_time',
        'report_embed_url',
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  },

  findBranding(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenant_configurations')
      .select([
        'display_name',
        'logo',
        'report_embed_url',
        'support_links',
        'custom_ui_labels',
        'logo_storage_key',
      ])
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
  },

  // The labels live inside custom_ui_labels (spec 1 §3): only the keys sent are replaced, so the
  // labels set elsewhere (specialFeatures, ...) are kept.
  async updateBranding(tx: Tx, tenantId: string, changes: BrandingChanges): Promise<void> {
    const { labels, support_links, ...columns } = changes;
    const hasLabels = labels !== undefined && Object.keys(labels).length > 0;
    if (Object.keys(columns).length === 0 && support_links === undefined && !hasLabels) return;
    await tx
      .updateTable('tenant_configurations')
      .set({
        ...columns,
        ...(support_links !== undefined && { support_links: JSON.stringify(support_links) }),
        ...(hasLabels && {
          // Labels stored as something other than an object start again from an empty one.
          custom_ui_labels: sql`(case when jsonb_typeof(custom_ui_labels) = 'object'
            then custom_ui_labels else '{}'::jsonb end) || ${JSON.stringify(labels)}::jsonb`,
        }),
      })
      .where('tenant_id', '=', tenantId)
      .execute();
  },

  // The uploaded logo replaces the logo address and the stored file together.
  async setLogoFile(tx: Tx, tenantId: string, file: LogoFile | null, logo: string | null): Promise<void> {
    await tx
      .updateTable('tenant_configurations')
      .set({
        logo,
        logo_storage_key: file?.storageKey ?? null,
        logo_content_type: file?.contentType ?? null,
      })
      .where('tenant_id', '=', tenantId)
      .execute();
  },

  async findLogoFile(tx: Tx, tenantId: string): Promise<LogoFile | undefined> {
    const row = await tx
      .selectFrom('tenant_configurations')
      .select(['logo_storage_key', 'logo_content_type'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row?.logo_storage_key || !row.logo_content_type) return undefined;
    return { storageKey: row.logo_storage_key, contentType: row.logo_content_type };
  },

  findLanguages(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenant_configurations')
      .select(['supported_languages', 'default_language'])
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
  },

  async updateLanguages(tx: Tx, tenantId: string, supported: string[], defaultLanguage: string) {
    await tx
      .updateTable('tenant_configurations')
      .set({ supported_languages: supported, default_language: defaultLanguage })
      .where('tenant_id', '=', tenantId)
      .execute();
  },
};

export type ConfigurationRow = NonNullable<Awaited<ReturnType<typeof configurationRepository.find>>>;
export type BrandingRow = NonNullable<Awaited<ReturnType<typeof configurationRepository.findBranding>>>;
