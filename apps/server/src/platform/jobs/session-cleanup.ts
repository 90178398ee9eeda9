import type { Db } from '../../db/database.js';
import { SIGN_IN_THROTTLE_RULES } from '../auth/sign-in-throttle.js';
import type { JobRegistry } from './job-queue.js';
import { createJobQueue, type JobWorkers } from './job-workers.js';
import { sessionCleanupRepository } from './session-cleanup.repository.js';

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
  await sessionCleanupRepository.deleteExpiredSessions(adminDb);
  await sessionCleanupRepository.deleteIdleSessions(adminDb);
  await sessionCleanupRepository.deleteExpiredChallenges(adminDb);
  await sessionCleanupRepository.deleteExpiredSsoLoginStates(adminDb);
  // Spent codes and links.
  await sessionCleanupRepository.deleteSpentOneTimeTokens(adminDb);
  // A counter whose window and lock have both passed starts again from one anyway.
  await sessionCleanupRepository.deleteStaleThrottles(adminDb, SIGN_IN_THROTTLE_RULES.windowMinutes);
}

export function registerSessionCleanupJobs(registry: JobRegistry, deps: { adminDb: Db }): void {
  registry.add({
    createQueues: async () => {},
    registerWorkers: (workers) => registerSessionCleanup(workers, deps.adminDb),
  });
}
