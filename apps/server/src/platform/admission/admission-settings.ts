import type { Config } from '../../config.js';
import type { LaneLimits } from './admission-lane.js';

// Issue 17: expensive work (counts, search, reports, exports' synchronous part) runs in a lane of
// its own, so that a flood of it never starves the cheap requests. A route names its lane in its
// config (`config: { lane: 'expensive' }`); without one it is cheap.
export const ADMISSION_LANES = ['cheap', 'expensive'] as const;
export type AdmissionLaneName = (typeof ADMISSION_LANES)[number];
export type AdmissionSettings = Record<AdmissionLaneName, LaneLimits>;

type AdmissionConfig = Pick<
  Config,
  | 'DATABASE_POOL_MAX'
  | 'ADMISSION_CHEAP_CONCURRENCY'
  | 'ADMISSION_EXPENSIVE_CONCURRENCY'
  | 'ADMISSION_QUEUE_LENGTH'
  | 'ADMISSION_QUEUE_TIMEOUT_MS'
>;

// Sized from the application pool: a request uses one connection at a time, so while the lanes
// together admit no more requests than the pool has connections (less a few for this process's job
// workers), no request waits on the pool, and its acquire timeout never reaches a user.
export function admissionSettings(config: AdmissionConfig): AdmissionSettings {
  const pool = config.DATABASE_POOL_MAX;
  const reserve = Math.max(2, Math.ceil(pool / 10));
  const expensive = config.ADMISSION_EXPENSIVE_CONCURRENCY ?? Math.max(1, Math.floor(pool / 4));
  const cheap = config.ADMISSION_CHEAP_CONCURRENCY ?? Math.max(1, pool - expensive - reserve);
  if (cheap + expensive > pool) {
    throw new Error(
      `Invalid configuration: ADMISSION_CHEAP_CONCURRENCY (${cheap}) + ADMISSION_EXPENSIVE_CONCURRENCY (${expensive}) exceed DATABASE_POOL_MAX (${pool}); requests would wait on the pool again`,
    );
  }
  const queue = {
    queueLength: config.ADMISSION_QUEUE_LENGTH,
    queueTimeoutMs: config.ADMISSION_QUEUE_TIMEOUT_MS,
  };
  return { cheap: { concurrency: cheap, ...queue }, expensive: { concurrency: expensive, ...queue } };
}
