import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import { purgeExpiredSignInState } from './session-cleanup.js';

const { app, adminDb } = await createTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('purgeExpiredSignInState', () => {
  it('removes expired and idle sessions, expired challenges and spent throttle counters only', async () => {
    const tenant = await createTestTenant(adminDb);
    const sessionIds: string[] = [];
    for (const who of ['admin', 'member', 'supplier']) {
      const response = await TestClient.forTenant(app, tenant.slug).signIn(`${who}@${tenant.slug}.test`);
      sessionIds.push(response.json().sessionId);
    }
    const [live = '', expired = '', idle = ''] = sessionIds;
    await adminDb
      .updateTable('sessions')
      .set({ expires_at: minutesAgo(1) })
      .where('id', '=', expired)
      .execute();
    await adminDb
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(61) })
      .where('id', '=', idle)
      .execute();
    await adminDb
      .insertInto('sign_in_throttles')
      .values([
        { tenant_id: tenant.id, key: 'login:account:spent', first_failure_at: minutesAgo(16) },
        { tenant_id: tenant.id, key: 'login:account:recent', first_failure_at: minutesAgo(5) },
        {
          tenant_id: tenant.id,
          key: 'login:account:locked',
          first_failure_at: minutesAgo(20),
          locked_until: new Date(Date.now() + 60_000),
        },
      ])
      .execute();

    await purgeExpiredSignInState(adminDb);

    const sessions = await adminDb
      .selectFrom('sessions')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([live]);
    const throttles = await adminDb
      .selectFrom('sign_in_throttles')
      .select('key')
      .where('tenant_id', '=', tenant.id)
      .where('key', 'like', 'login:account:%')
      .orderBy('key')
      .execute();
    expect(throttles.map((t) => t.key)).toEqual(['login:account:locked', 'login:account:recent']);
  });
});
