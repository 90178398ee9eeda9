import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';

export const SESSION_CLEANUP_QUEUE = 'sessions.purge-expired';

// Expired sessions are refused at once; this only keeps the table small. It runs as the
// migrating role because it spans every tenant.
export async function registerSessionCleanup(boss: PgBoss, adminDb: Db): Promise<void> {
  await boss.createQueue(SESSION_CLEANUP_QUEUE);
  await boss.schedule(SESSION_CLEANUP_QUEUE, '17 * * * *');
  await boss.work(SESSION_CLEANUP_QUEUE, async () => {
    await adminDb.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  });
}
