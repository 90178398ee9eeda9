import type { WorkflowStep } from '@attest/shared';

// Spec 2 §3.10 task types, less assistedByAI (no step is done by an assistant yet).
export const TASK_ROW_TYPES = [
  'completed',
  'delayed',
  'to-be-delayed',
  'hidden',
  'fyi',
  'locked',
  'my-task',
  'neutral',
] as const;
export type TaskRowType = (typeof TASK_ROW_TYPES)[number];

// The colour of each type, on the task row and the progress map alike.
export const TASK_ROW_COLORS: Record<TaskRowType, string> = {
  completed: 'teal',
  delayed: 'red',
  'to-be-delayed': 'orange',
  hidden: 'gray',
  fyi: 'indigo',
  locked: 'dark',
  'my-task': 'blue',
  neutral: 'gray',
};

// An open step is about to be delayed in the last quarter of its SLA, and at most in its last day:
// a 24-hour step warns 6 hours ahead, a week-long one a day ahead.
export const TO_BE_DELAYED_SHARE = 0.25;
export const TO_BE_DELAYED_WINDOW_MS = 24 * 60 * 60 * 1000;

function warningWindow(step: WorkflowStep, breachMs: number): number {
  const startMs = step.initiated_at === null ? Number.NaN : Date.parse(step.initiated_at);
  if (Number.isNaN(startMs) || startMs >= breachMs) return TO_BE_DELAYED_WINDOW_MS;
  return Math.min(TO_BE_DELAYED_WINDOW_MS, (breachMs - startMs) * TO_BE_DELAYED_SHARE);
}

// One type per row, the most telling first: a step that does not apply or is done says so; an open
// step warns of its SLA before saying whose it is. FYI is an open step that is someone else's to
// do; neutral one that has not opened yet.
export function taskRowType(step: WorkflowStep, now: Date): TaskRowType {
  if (step.state === 'hidden') return 'hidden';
  if (step.state === 'completed') return 'completed';
  if (step.is_locked) return 'locked';
  if (step.state === 'disabled') return 'neutral';
  if (step.is_sla_breached) return 'delayed';
  if (step.sla_breach_time !== null) {
    const breachMs = Date.parse(step.sla_breach_time);
    const left = breachMs - now.getTime();
    if (left <= 0) return 'delayed';
    if (left <= warningWindow(step, breachMs)) return 'to-be-delayed';
  }
  return step.is_my_task ? 'my-task' : 'fyi';
}
