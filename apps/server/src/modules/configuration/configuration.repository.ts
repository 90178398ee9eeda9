import type { Tx } from '../../platform/tenant-transaction.js';

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
};

export type ConfigurationRow = NonNullable<Awaited<ReturnType<typeof configurationRepository.find>>>;
