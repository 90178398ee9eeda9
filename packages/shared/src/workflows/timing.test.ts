import { describe, expect, it } from 'vitest';
import { cycleTiming, overdueDays, slaTiming } from './timing.js';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('cycleTiming', () => {
  it('ages a running cycle and measures an ended one', () => {
    expect(cycleTiming('2026-03-10T10:00:00Z', null, now)).toEqual({
      cycle_start: '2026-03-10T10:00:00.000Z',
      cycle_end: null,
      is_cycle_running: true,
      cycle_time: null,
      ageing: 7200,
    });
    expect(cycleTiming('2026-03-10T10:00:00Z', '2026-03-10T10:30:00+00:00', now)).toEqual({
      cycle_start: '2026-03-10T10:00:00.000Z',
      cycle_end: '2026-03-10T10:30:00.000Z',
      is_cycle_running: false,
      cycle_time: 1800,
      ageing: null,
    });
  });

  it('has no cycle before the step opens', () => {
    expect(cycleTiming(null, null, now)).toMatchObject({
      is_cycle_running: false,
      cycle_time: null,
      ageing: null,
    });
  });
});

describe('slaTiming', () => {
  it('breaches once sla_hours pass before submission', () => {
    expect(slaTiming(24, '2026-03-08T12:00:00Z', null, now)).toEqual({
      sla_start_time: '2026-03-08T12:00:00.000Z',
      sla_breach_time: '2026-03-09T12:00:00.000Z',
      sla_elapsed_time: 172_800,
      is_sla_breached: true,
    });
    expect(slaTiming(24, '2026-03-08T12:00:00Z', '2026-03-09T11:00:00Z', now)?.is_sla_breached).toBe(false);
  });

  it('has no SLA without sla_hours or before the step opens', () => {
    expect(slaTiming(undefined, '2026-03-08T12:00:00Z', null, now)).toBeNull();
    expect(slaTiming(24, null, null, now)).toBeNull();
  });

  it('counts whole overdue days for the task row', () => {
    expect(overdueDays(slaTiming(24, '2026-03-07T11:00:00Z', null, now), now)).toBe(2);
    expect(overdueDays(slaTiming(72, '2026-03-09T12:00:00Z', null, now), now)).toBe(0);
    expect(overdueDays(null, now)).toBe(0);
  });
});
