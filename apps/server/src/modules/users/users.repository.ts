import { sql } from 'kysely';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const usersRepository = {
  async updateLanguage(tx: Tx, userId: string, language: string): Promise<void> {
    authChangedIn(tx);
    await tx
      .updateTable('users')
      .set({ prefered_language: language, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },

  async updateTimezone(tx: Tx, userId: string, timezone: string): Promise<void> {
    authChangedIn(tx);
    await tx
      .updateTable('users')
      .set({ timezone, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },
};
