import type { Updateable } from 'kysely';
import type { TenantConfigurationsTable } from '../../db/schema.js';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type SecuritySettingsChanges = Pick<
  Updateable<TenantConfigurationsTable>,
  | 'require_mfa'
  | 'session_idle_minutes'
  | 'session_absolute_hours'
  | 'captcha_enabled'
  | 'hcaptcha_site_key'
  | 'hcaptcha_secret_encrypted'
>;

export const securitySettingsRepository = {
  // forUpdate locks the row for the rest of the transaction, so two admins saving at once cannot
  // both pass the captcha rule against a row the other is changing.
  find(tx: Tx, tenantId: string, options: { forUpdate?: boolean } = {}) {
    const query = tx
      .selectFrom('tenant_configurations')
      .select([
        'require_mfa',
        'session_idle_minutes',
        'session_absolute_hours',
        'captcha_enabled',
        'hcaptcha_site_key',
        'hcaptcha_secret_encrypted',
      ])
      .where('tenant_id', '=', tenantId);
    return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },

  async update(tx: Tx, tenantId: string, changes: SecuritySettingsChanges): Promise<void> {
    authChangedIn(tx);
    await tx.updateTable('tenant_configurations').set(changes).where('tenant_id', '=', tenantId).execute();
  },
};
