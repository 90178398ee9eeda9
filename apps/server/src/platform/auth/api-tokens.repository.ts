import { sql } from 'kysely';
import type { Tx } from '../tenant-transaction.js';

// What a bearer request reads of its token (api-token-hook.ts); the settings page's reads and
// writes are in modules/administration/api-tokens.repository.ts.
export const apiTokenAuthRepository = {
  // The token by its public id, whatever its state, with its creator as a session would read them.
  findByPublicId(tx: Tx, publicId: string) {
    return tx
      .selectFrom('api_tokens as t')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.created_by'),
      )
      .select([
        't.id as token_id',
        't.name as token_name',
        't.token_hash',
        't.scopes',
        't.expires_at',
        't.revoked_at',
        't.last_used_at',
        sql<boolean>`t.expires_at <= now()`.as('expired'),
        'u.is_active',
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.kind',
        'u.prefered_language',
        'u.timezone',
        'u.user_profile_workflow_id',
      ])
      .where('t.public_id', '=', publicId)
      .executeTakeFirst();
  },

  async touch(tx: Tx, tokenId: string): Promise<void> {
    await tx.updateTable('api_tokens').set({ last_used_at: sql`now()` }).where('id', '=', tokenId).execute();
  },
};

export type ApiTokenAuthRow = NonNullable<Awaited<ReturnType<typeof apiTokenAuthRepository.findByPublicId>>>;
