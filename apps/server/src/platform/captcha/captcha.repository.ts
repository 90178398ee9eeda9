import { sql } from 'kysely';
import type { Tx } from '../tenant-transaction.js';

export type CaptchaSettings = {
  captcha_enabled: boolean;
  hcaptcha_site_key: string | null;
  hcaptcha_secret_encrypted: string | null;
};

export const captchaRepository = {
  settingsOf(tx: Tx, tenantId: string): Promise<CaptchaSettings | undefined> {
    return tx
      .selectFrom('tenant_configurations')
      .select(['captcha_enabled', 'hcaptcha_site_key', 'hcaptcha_secret_encrypted'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  },

  // The active account an e-mail signs in to, whatever its case.
  async activeUserIdByEmail(tx: Tx, email: string): Promise<string | null> {
    const row = await tx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .where('is_active', '=', true)
      .executeTakeFirst();
    return row?.id ?? null;
  },
};
