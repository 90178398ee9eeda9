import type { WorkflowDetail } from '@attest/shared';
import { type DateFormatContext, formatDate } from '../../../lib/format/date-time';

type Step = WorkflowDetail['steps'][number];
export type DueDateMove = { step: string; from: string; to: string };

// The steps whose due date (SLA breach time) a person's own action moved, e.g. an undo restarting the
// step's clock: said to them at once, as the activity log records it (server: due_date_changed). A
// due date that first appears as a step opens is not a move.
export function dueDateMoves(before: readonly Step[], after: readonly Step[]): DueDateMove[] {
  const old = new Map(before.map((s) => [s.tag, s.sla_breach_time]));
  return after.flatMap((s) => {
    const from = old.get(s.tag) ?? null;
    const to = s.sla_breach_time;
    if (from === null || to === null || new Date(from).getTime() === new Date(to).getTime()) return [];
    return [{ step: s.tag, from, to }];
  });
}

// A due date as the person's calendar day ('21 Dec 2026'), in their language and zone.
export function dueDateText(value: unknown, dates: DateFormatContext): string {
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return formatDate(date, dates);
}
