import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { admissionSettings } from './admission-settings.js';

const settings = (env: Record<string, string>) => admissionSettings(loadConfig(env));

describe('admission settings', () => {
  it('size both lanes from the pool by default, leaving a reserve for the job workers', () => {
    expect(settings({})).toEqual({
      cheap: { concurrency: 13, queueLength: 200, queueTimeoutMs: 10_000 },
      expensive: { concurrency: 5, queueLength: 200, queueTimeoutMs: 10_000 },
    });
    const small = settings({ DATABASE_POOL_MAX: '4' });
    expect([small.cheap.concurrency, small.expensive.concurrency]).toEqual([1, 1]);
  });

  it('give the cheap lane what an expensive setting leaves', () => {
    const s = settings({ ADMISSION_EXPENSIVE_CONCURRENCY: '2', ADMISSION_QUEUE_TIMEOUT_MS: '500' });
    expect([s.cheap.concurrency, s.expensive.concurrency]).toEqual([16, 2]);
    expect(s.expensive.queueTimeoutMs).toBe(500);
  });

  it('refuse lanes that together admit more requests than the pool holds', () => {
    expect(() =>
      settings({
        DATABASE_POOL_MAX: '10',
        ADMISSION_CHEAP_CONCURRENCY: '8',
        ADMISSION_EXPENSIVE_CONCURRENCY: '3',
      }),
    ).toThrow(/exceed DATABASE_POOL_MAX \(10\)/);
  });
});
