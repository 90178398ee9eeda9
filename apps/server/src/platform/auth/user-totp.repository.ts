import type { Tx } from '../tenant-transaction.js';

// What sign-in and the signed-in user need to know of the user_totp table (enrolment writes it in
// modules/account-security).
export const userTotpRepository = {
  async hasConfirmed(tx: Tx, userId: string): Promise<boolean> {
    const totp = await tx
      .selectFrom('user_totp')
      .select('confirmed_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(totp?.confirmed_at);
  },
};
