import type { PageQuery } from '@attest/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type NewApiTokenRow = {
  tenantId: string;
  publicId: string;
  name: string;
  createdBy: string;
  scopes: string[];
  tokenHash: Buffer;
  expiresAt: Date;
};

// Neither revoked nor past its expiry.
const isActive = (eb: ExpressionBuilder<Database, 'api_tokens'>) =>
  eb.and([eb('revoked_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]);

// A token as the settings page lists it, with its creator. Never token_hash: the page has no use for it.
const listed = (tx: Tx) =>
  tx
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.created_by'),
    )
    .select([
      't.id',
      't.public_id',
      't.name',
      't.scopes',
      't.created_at',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      'u.id as creator_id',
      'u.email as creator_email',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
    ]);

// Settings > API tokens (issue 19).
export const apiTokensRepository = {
  async page(tx: Tx, page: PageQuery) {
    const [rows, total] = await Promise.all([
      listed(tx).orderBy('t.id', 'desc').limit(page.limit).offset(page.offset).execute(),
      tx
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  listedById(tx: Tx, id: string) {
    return listed(tx).where('t.id', '=', id).executeTakeFirstOrThrow();
  },

  async countActive(tx: Tx): Promise<number> {
    const row = await tx
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(isActive)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insert(tx: Tx, token: NewApiTokenRow): Promise<{ id: string; created_at: Date }> {
    return tx
      .insertInto('api_tokens')
      .values({
        tenant_id: token.tenantId,
        public_id: token.publicId,
        name: token.name,
        created_by: token.createdBy,
        scopes: token.scopes,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  find(tx: Tx, id: string) {
    return tx
      .selectFrom('api_tokens')
      .select(['id', 'name', 'created_by', 'revoked_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  // Forgets this process's cached bearer sign-ins of the tenant at once (api-token-hook.ts).
  async revoke(tx: Tx, id: string, revokedBy: string): Promise<void> {
    await tx
      .updateTable('api_tokens')
      .set({ revoked_at: sql`now()`, revoked_by: revokedBy })
      .where('id', '=', id)
      .execute();
    authChangedIn(tx);
  },
};

export type ApiTokenPageRow = Awaited<ReturnType<typeof apiTokensRepository.listedById>>;
