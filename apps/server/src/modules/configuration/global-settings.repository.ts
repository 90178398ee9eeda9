import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export type GlobalSettingsChanges = {
  specialFeatures?: string[];
  featureToggles?: Record<string, boolean>;
  maintenance?: { enabled: boolean; message: string | null; endTime: Date | null };
};

// Settings > Global settings (issue 19): the parts of tenant_configurations it owns. The special
// features live in custom_ui_labels.specialFeatures (spec 1 §3): only that key is replaced, so the
// banner and the other labels are kept.
export const globalSettingsRepository = {
  // For update: two administrators saving at once apply one after the other, each audited.
  find: (tx: Tx, tenantId: string) =>
    tx
      .selectFrom('tenant_configurations')
      .select([
        'custom_ui_labels',
        'feature_toggles',
        'is_maintenance_mode_enabled',
        'message_on_maintenance_page',
        'maintenance_end_time',
      ])
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst(),

  async update(tx: Tx, tenantId: string, changes: GlobalSettingsChanges): Promise<void> {
    const { specialFeatures, featureToggles, maintenance } = changes;
    await tx
      .updateTable('tenant_configurations')
      .set({
        ...(specialFeatures && {
          custom_ui_labels: sql`jsonb_set(
            case when jsonb_typeof(custom_ui_labels) = 'object' then custom_ui_labels else '{}'::jsonb end,
            '{specialFeatures}', ${JSON.stringify(specialFeatures)}::jsonb)`,
        }),
        ...(featureToggles && {
          feature_toggles: sql`(case when jsonb_typeof(feature_toggles) = 'object' then feature_toggles
            else '{}'::jsonb end) || ${JSON.stringify(featureToggles)}::jsonb`,
        }),
        ...(maintenance && {
          is_maintenance_mode_enabled: maintenance.enabled,
          message_on_maintenance_page: maintenance.message,
          maintenance_end_time: maintenance.endTime,
        }),
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .execute();
  },
};

export type GlobalSettingsRow = NonNullable<Awaited<ReturnType<typeof globalSettingsRepository.find>>>;
