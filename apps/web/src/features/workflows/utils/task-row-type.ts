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

// An open step whose SLA runs out within this window is about to be delayed.
export const TO_BE_DELAYED_WINDOW_MS = 24 * 60 * 60 * 1000;

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
    const left = Date.parse(step.sla_breach_time) - now.getTime();
    if (left <= 0) return 'delayed';
    if (left <= TO_BE_DELAYED_WINDOW_MS) return 'to-be-delayed';
  }
  return step.is_my_task ? 'my-task' : 'fyi';
}
