import { describe, expect, it } from 'vitest';
import { makeStep } from '../test/workflow-fixture';
import { TO_BE_DELAYED_WINDOW_MS, taskRowType } from './task-row-type';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('taskRowType', () => {
  it.each([
    ['hidden', makeStep({ state: 'hidden', is_my_task: true })],
    ['completed', makeStep({ state: 'completed', is_locked: true, is_sla_breached: true })],
    ['locked', makeStep({ is_locked: true, is_my_task: true, is_sla_breached: true })],
    ['neutral', makeStep({ state: 'disabled', is_my_task: true })],
    ['delayed', makeStep({ is_sla_breached: true, overdue_days: 2, is_my_task: true })],
    // The server's flag is computed when the page loads; the clock may have passed it since.
    ['delayed', makeStep({ sla_breach_time: inMs(-60_000) })],
    ['to-be-delayed', makeStep({ sla_breach_time: inMs(TO_BE_DELAYED_WINDOW_MS - 1), is_my_task: true })],
    ['my-task', makeStep({ sla_breach_time: inMs(TO_BE_DELAYED_WINDOW_MS + 60_000), is_my_task: true })],
    ['fyi', makeStep({ is_my_task: false })],
  ] as const)('%s', (type, step) => {
    expect(taskRowType(step, NOW)).toBe(type);
  });
});
