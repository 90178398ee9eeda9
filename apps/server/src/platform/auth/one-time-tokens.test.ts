import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant } from '../../test/test-app.js';
import { purgeExpiredSignInState } from '../jobs/session-cleanup.js';
import { withTenant } from '../tenant-transaction.js';
import { oneTimeTokensRepository } from './one-time-tokens.repository.js';
import { hashToken } from './session-token.js';

const { app, adminDb } = await createTestApp();

async function issue(tenantId: string, userId: string, token: string, expiresAt: Date) {
  await withTenant(app.db, tenantId, (tx) =>
    oneTimeTokensRepository.insert(tx, {
      tenantId,
      userId,
      purpose: 'magic_link',
      tokenHash: hashToken(token),
      expiresAt,
    }),
  );
}

describe('one-time tokens', () => {
  it('are consumed once, even by concurrent requests', async () => {
    const tenant = await createTestTenant(adminDb);
    const userId = tenant.userIds[`member@${tenant.slug}.test`] ?? '';
    await issue(tenant.id, userId, 'race-token', new Date(Date.now() + 60_000));
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        withTenant(app.db, tenant.id, (tx) =>
          oneTimeTokensRepository.consume(tx, 'magic_link', hashToken('race-token')),
        ),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(1);
  });

  it('are purged an hour after they expire', async () => {
    const tenant = await createTestTenant(adminDb);
    const userId = tenant.userIds[`member@${tenant.slug}.test`] ?? '';
    await issue(tenant.id, userId, 'long-gone', new Date(Date.now() - 2 * 3600_000));
    await issue(tenant.id, userId, 'just-expired', new Date(Date.now() - 60_000));
    await purgeExpiredSignInState(adminDb);
    const left = await sql<{ token_hash: Buffer }>`
      select token_hash from one_time_tokens where tenant_id = ${tenant.id}`.execute(adminDb);
    expect(left.rows.map((r) => r.token_hash)).toEqual([hashToken('just-expired')]);
  });
});
