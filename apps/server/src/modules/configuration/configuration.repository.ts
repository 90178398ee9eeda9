import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export type BrandingChanges = {
  logo?: string | null;
  report_embed_url?: string | null;
  support_links?: { label: string; url: string }[];
  header_links?: { label: string; url: string }[];
};

export const configurationRepository = {
  find(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenant_configurations')
      .select([
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
      .select(['logo', 'report_embed_url', 'support_links', 'custom_ui_labels'])
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
  },

  // header_links live inside custom_ui_labels (spec 1 §3): only that key is replaced, so the banner
  // and the other labels an administrator set are kept.
  async updateBranding(tx: Tx, tenantId: string, changes: BrandingChanges): Promise<void> {
    const { header_links, support_links, ...columns } = changes;
    await tx
      .updateTable('tenant_configurations')
      .set({
        ...columns,
        ...(support_links !== undefined && { support_links: JSON.stringify(support_links) }),
        ...(header_links !== undefined && {
          // Labels stored as something other than an object start again from an empty one.
          custom_ui_labels: sql`jsonb_set(
            case when jsonb_typeof(custom_ui_labels) = 'object' then custom_ui_labels else '{}'::jsonb end,
            '{header_links}', ${JSON.stringify(header_links)}::jsonb)`,
        }),
      })
      .where('tenant_id', '=', tenantId)
      .execute();
  },
};

export type ConfigurationRow = NonNullable<Awaited<ReturnType<typeof configurationRepository.find>>>;
export type BrandingRow = NonNullable<Awaited<ReturnType<typeof configurationRepository.findBranding>>>;
