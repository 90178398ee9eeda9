import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { createJobQueue } from '../../platform/jobs/job-workers.js';
import type { JobSender } from '../../platform/mail/mailer.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { badgeAwardsRepository } from './badge-awards.repository.js';
import { clockBadges, refreshClockBadges } from './badge-clock.js';
import { refreshTenantBadges } from './badge-refresh.js';

export const BADGE_REFRESH_QUEUE = 'badges.refresh';
export const BADGE_SWEEP_QUEUE = 'badges.sweep';
export const BADGE_CLOCK_QUEUE = 'badges.clock';
export const BADGE_CLOCK_TENANT_QUEUE = 'badges.clock-tenant';

type BadgeRefreshJob = { tenantId: string };
// `now`: the hour the clock job ran, so a retried walk evaluates at the same instant.
type BadgeClockJob = { tenantId: string; now: string };

// One refresh per tenant at a time ('stately' with the tenant as key): a second request while one
// is queued is the same work, and the running one takes what was queued meanwhile.
export async function sendBadgeRefresh(jobs: JobSender | null, tenantId: string): Promise<void> {
  await jobs?.send(BADGE_REFRESH_QUEUE, { tenantId } satisfies BadgeRefreshJob, { singletonKey: tenantId });
}

// Every minute: the tenants whose answers or statuses changed since (0042's triggers queued their
// workflows) get a refresh. The queue rows are written in the change's own transaction, so a
// change is never missed; it is reflected within about a minute (docs/administration.md "Badges").
async function sweepBadgeQueues(jobs: JobSender, adminDb: Db): Promise<void> {
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    if (await withTenant(adminDb, tenantId, (tx) => badgeAwardsRepository.hasWork(tx))) {
      await sendBadgeRefresh(jobs, tenantId);
    }
  }
}

// Every hour: each tenant with a badge whose rule reads the clock gets a walk over the workflows of
// those badges (badge-clock.ts), one per tenant at a time. Hourly, so a period in hours and the
// turn of a day in any time zone are followed within the hour.
export async function sweepClockBadges(jobs: JobSender, db: Db, adminDb: Db, now: Date): Promise<number> {
  let sent = 0;
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    if ((await clockBadges(db, tenantId)).length === 0) continue;
    await jobs.send(BADGE_CLOCK_TENANT_QUEUE, { tenantId, now: now.toISOString() } satisfies BadgeClockJob, {
      singletonKey: tenantId,
    });
    sent += 1;
  }
  return sent;
}

export function registerBadgeJobs(registry: JobRegistry, deps: { db: Db; adminDb: Db }): void {
  registry.add({
    createQueues: async (boss) => {
      await createJobQueue(boss, BADGE_REFRESH_QUEUE, { policy: 'stately', retryDelay: 10 });
      await createJobQueue(boss, BADGE_SWEEP_QUEUE);
      await createJobQueue(boss, BADGE_CLOCK_QUEUE);
      await createJobQueue(boss, BADGE_CLOCK_TENANT_QUEUE, { policy: 'stately', retryDelay: 60 });
    },
    registerWorkers: async (workers, boss) => {
      await workers.register<BadgeRefreshJob>(BADGE_REFRESH_QUEUE, (job) =>
        refreshTenantBadges(deps.db, job.data.tenantId),
      );
      await boss.schedule(BADGE_SWEEP_QUEUE, '* * * * *');
      await workers.register(BADGE_SWEEP_QUEUE, () => sweepBadgeQueues(boss, deps.adminDb));
      await workers.register<BadgeClockJob>(BADGE_CLOCK_TENANT_QUEUE, (job) =>
        refreshClockBadges(deps.db, job.data.tenantId, new Date(job.data.now)),
      );
      await boss.schedule(BADGE_CLOCK_QUEUE, '7 * * * *');
      await workers.register(BADGE_CLOCK_QUEUE, () =>
        sweepClockBadges(boss, deps.db, deps.adminDb, new Date()),
      );
    },
  });
}
