import { describe, expect, it } from 'vitest';
import { makeStep } from '../../../test/workflow-fixture';
import { taskRowType } from './task-row-type';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('taskRowType', () => {
  it.each([
    ['hidden', makeStep({ state: 'hidden', is_my_task: true })],
    ['completed', makeStep({ state: 'completed', is_locked: true, is_sla_breached: true })],
    ['locked', makeStep({ is_locked: true, is_my_task: true, is_sla_breached: true })],
    ['neutral', makeStep({ state: 'disabled', is_my_task: true })],
    ['delayed', makeStep({ is_sla_breached: true, overdue_days: 2, is_my_task: true })],
    // The server's flag is computed when the page loads; the clock may have passed it since.
    ['delayed', makeStep({ sla_breach_time: inMs(-60_000) })],
    // A week-long SLA warns in its last day.
    [
      'to-be-delayed',
      makeStep({ initiated_at: inMs(-6 * DAY), sla_breach_time: inMs(DAY - 1), is_my_task: true }),
    ],
    ['my-task', makeStep({ initiated_at: inMs(-5 * DAY), sla_breach_time: inMs(2 * DAY), is_my_task: true })],
    // A 24-hour SLA warns in its last quarter, 6 hours ahead.
    ['fyi', makeStep({ initiated_at: inMs(-12 * HOUR), sla_breach_time: inMs(12 * HOUR) })],
    ['to-be-delayed', makeStep({ initiated_at: inMs(-19 * HOUR), sla_breach_time: inMs(5 * HOUR) })],
    ['fyi', makeStep({ is_my_task: false })],
  ] as const)('%s', (type, step) => {
    expect(taskRowType(step, NOW)).toBe(type);
  });
});
