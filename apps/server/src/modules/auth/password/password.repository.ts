import { sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';

export type LoginAccount = {
  id: string;
  email: string;
  first_name: string;
  password_hash: string | null;
  is_active: boolean;
};

export const passwordRepository = {
  // E-mail addresses match whatever their case.
  findForLogin(tx: Tx, email: string): Promise<LoginAccount | undefined> {
    return tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'password_hash', 'is_active'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  },
};
