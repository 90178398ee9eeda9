import {
  IconAlarm,
  IconCircleCheck,
  IconCircleDashed,
  IconClockExclamation,
  IconEyeOff,
  IconInfoCircle,
  IconLock,
  IconSparkles,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { TaskType } from '../api/task-contract';

type Icon = ComponentType<{ size?: number; stroke?: number; color?: string }>;

// Spec 2 §3.10: each type has a colour, an icon and words (tasks.type.*); never the colour alone.
export const TASK_TYPE_STYLE: Record<TaskType, { color: string; icon: Icon }> = {
  completed: { color: 'teal', icon: IconCircleCheck },
  delayed: { color: 'red', icon: IconAlarm },
  'to-be-delayed': { color: 'orange', icon: IconClockExclamation },
  hidden: { color: 'gray', icon: IconEyeOff },
  FYI: { color: 'indigo', icon: IconInfoCircle },
  locked: { color: 'dark', icon: IconLock },
  'my-task': { color: 'blue', icon: IconUserCheck },
  neutral: { color: 'gray', icon: IconCircleDashed },
  assistedByAI: { color: 'violet', icon: IconSparkles },
};

// Alert colours are risk labels (R, A, G); anything else is shown neutral, still with its count.
const ALERT_COLORS: Record<string, string> = { R: 'red', A: 'orange', G: 'green' };
export const alertColorOf = (label: string | null) => (label ? (ALERT_COLORS[label] ?? 'gray') : 'gray');
export const alertLevelKey = (label: string | null) =>
  label && label in ALERT_COLORS ? `tasks.row.alertLevel.${label}` : 'tasks.row.alertLevel.other';

// The process page opens a step from ?group=&step= (workflows' use-step-selection).
export function taskHref(row: { workflow_id: number; step: { tag: string }; step_group: { tag: string } }) {
  const query = new URLSearchParams({ group: row.step_group.tag, step: row.step.tag });
  return `/process/${row.workflow_id}?${query.toString()}`;
}
