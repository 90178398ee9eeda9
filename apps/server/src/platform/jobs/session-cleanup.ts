import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { SIGN_IN_THROTTLE_RULES } from '../auth/sign-in-throttle.js';
import type { JobRegistry } from './job-queue.js';
import { createJobQueue, type JobWorkers } from './job-workers.js';

export const SESSION_CLEANUP_QUEUE = 'sessions.purge-expired';

// Expired sessions, challenges and throttle counters are refused or ignored at once; this only
// keeps the tables small. It runs as the migrating role because it spans every tenant.
// Deletes only what has expired, so a run repeated after a crash does nothing twice.
export async function registerSessionCleanup(workers: JobWorkers, adminDb: Db): Promise<void> {
  await createJobQueue(workers.boss, SESSION_CLEANUP_QUEUE);
  await workers.boss.schedule(SESSION_CLEANUP_QUEUE, '17 * * * *');
  await workers.register(SESSION_CLEANUP_QUEUE, () => purgeExpiredSignInState(adminDb));
}

export async function purgeExpiredSignInState(adminDb: Db): Promise<void> {
  await adminDb.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  // Sessions idle past their tenant's timeout can never be used again.
  await sql`
    delete from sessions s using tenant_configurations c
    where c.tenant_id = s.tenant_id
      and s.last_seen_at < now() - make_interval(mins => c.session_idle_minutes)
  `.execute(adminDb);
  await adminDb.deleteFrom('auth_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  await adminDb.deleteFrom('sso_login_states').where('expires_at', '<', sql<Date>`now()`).execute();
  // Spent codes and links; kept an hour past expiry because recent ones count toward the e-mail
  // sending limit (15 minutes).
  await adminDb
    .deleteFrom('one_time_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  // A counter whose window and lock have both passed starts again from one anyway.
  const windowStart = sql<Date>`now() - make_interval(mins => ${SIGN_IN_THROTTLE_RULES.windowMinutes})`;
  await adminDb
    .deleteFrom('sign_in_throttles')
    .where('first_failure_at', '<', windowStart)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .execute();
}

export function registerSessionCleanupJobs(registry: JobRegistry, deps: { adminDb: Db }): void {
  registry.add({
    createQueues: async () => {},
    registerWorkers: (workers) => registerSessionCleanup(workers, deps.adminDb),
  });
}
