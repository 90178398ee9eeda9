import { sql } from 'kysely';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const mfaRepository = {
  findTotp(tx: Tx, userId: string) {
    return tx
      .selectFrom('user_totp')
      .select(['secret_encrypted', 'confirmed_at', 'last_used_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  // A new, unconfirmed secret replaces any earlier unconfirmed one.
  async saveUnconfirmedTotp(tx: Tx, tenantId: string, userId: string, sealedSecret: string): Promise<void> {
    await tx
      .insertInto('user_totp')
      .values({ tenant_id: tenantId, user_id: userId, secret_encrypted: sealedSecret })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'user_id']).doUpdateSet({
          secret_encrypted: sealedSecret,
          confirmed_at: null,
          last_used_step: null,
        }),
      )
      .execute();
  },

  async confirmTotp(tx: Tx, userId: string): Promise<void> {
    await tx
      .updateTable('user_totp')
      .set({ confirmed_at: sql`now()` })
      .where('user_id', '=', userId)
      .execute();
  },

  // Records the step of an accepted code. Conditional, so of two requests racing with the same code
  // only one succeeds.
  async claimStep(tx: Tx, userId: string, step: number): Promise<boolean> {
    const result = await tx
      .updateTable('user_totp')
      .set({ last_used_step: String(step) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async deleteTotp(tx: Tx, userId: string): Promise<void> {
    await tx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  },

  async replaceRecoveryCodes(tx: Tx, tenantId: string, userId: string, hashes: Buffer[]): Promise<void> {
    await tx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await tx
      .insertInto('user_recovery_codes')
      .values(hashes.map((code_hash) => ({ tenant_id: tenantId, user_id: userId, code_hash })))
      .execute();
  },

  // Marks an unused recovery code used; false when there is no such unused code.
  async useRecoveryCode(tx: Tx, userId: string, codeHash: Buffer): Promise<boolean> {
    const result = await tx
      .updateTable('user_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  // This session has now passed MFA; it is no longer held to enrolment.
  async markSessionVerified(tx: Tx, sessionId: string): Promise<void> {
    authChangedIn(tx);
    await tx
      .updateTable('sessions')
      .set({ mfa_verified: true, mfa_enrolment_required: false })
      .where('id', '=', sessionId)
      .execute();
  },

  async requiresMfa(tx: Tx, tenantId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('tenant_configurations')
      .select('require_mfa')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Boolean(row?.require_mfa);
  },
};
