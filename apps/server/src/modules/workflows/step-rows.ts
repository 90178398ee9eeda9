import type { RaisedAlert, StepState, WorkflowDefinition, WorkflowSnapshot } from '@attest/shared';
import type { ActivityInput } from './workflow-activity.js';

// What the workflow_steps table keeps of one step (migration 0007), derived from the engine's
// snapshot. Pure, so the request path and the bulk seed write the very same rows.
export type StepRow = {
  step_tag: string;
  step_group_tag: string;
  position: number;
  state: StepState;
  initiated_at: Date | null;
  completed_at: Date | null;
  completed_by: string | null;
  submit_count: number;
  sla_hours: number | null;
  sla_breach_at: Date | null;
};

export type StepEvent =
  | { type: 'submit'; step: string; by: string | null }
  | { type: 'undo'; step: string }
  | null;

const HOUR_MS = 60 * 60 * 1000;

// The rows after an action at `at`. Timing rules (timing.ts reads them):
// - a step's cycle and SLA clock start when it becomes enabled, and start again when it re-opens
//   (after an undo); a step that closes again without being submitted has no running clock;
// - submitting stamps completed_at/by and counts the submission; undoing clears the stamps.
export function deriveStepRows(
  definition: WorkflowDefinition,
  snapshot: WorkflowSnapshot,
  previous: ReadonlyMap<string, StepRow> | null,
  at: Date,
  event: StepEvent,
): StepRow[] {
  const rows: StepRow[] = [];
  for (const group of definition.step_groups) {
    for (const step of group.steps) {
      const before = previous?.get(step.tag);
      const state = snapshot.step_states[step.tag] ?? 'hidden';
      let initiated = before?.initiated_at ?? null;
      let completedAt = before?.completed_at ?? null;
      let completedBy = before?.completed_by ?? null;
      let submitCount = before?.submit_count ?? 0;
      if (event?.step === step.tag && event.type === 'submit') {
        completedAt = at;
        completedBy = event.by;
        submitCount += 1;
      } else if (event?.step === step.tag && event.type === 'undo') {
        completedAt = null;
        completedBy = null;
      }
      if (state === 'enabled' && before?.state !== 'enabled') initiated = at;
      if (state === 'disabled' || (state === 'hidden' && completedAt === null)) initiated = null;
      const slaHours = step.sla_hours ?? null;
      rows.push({
        step_tag: step.tag,
        step_group_tag: group.tag,
        position: rows.length,
        state,
        initiated_at: initiated,
        completed_at: completedAt,
        completed_by: completedBy,
        submit_count: submitCount,
        sla_hours: slaHours,
        sla_breach_at:
          initiated && slaHours !== null ? new Date(initiated.getTime() + slaHours * HOUR_MS) : null,
      });
    }
  }
  return rows;
}

const time = (d: Date | null) => d?.getTime() ?? null;

export function stepRowChanged(a: StepRow, b: StepRow): boolean {
  return (
    a.state !== b.state ||
    time(a.initiated_at) !== time(b.initiated_at) ||
    time(a.completed_at) !== time(b.completed_at) ||
    a.completed_by !== b.completed_by ||
    a.submit_count !== b.submit_count ||
    a.sla_hours !== b.sla_hours ||
    time(a.sla_breach_at) !== time(b.sla_breach_at) ||
    a.position !== b.position ||
    a.step_group_tag !== b.step_group_tag
  );
}

// A step's due date (its SLA breach time) that moved, e.g. restarted by an undo, is said in the
// activity log with the old and new date and who moved it (null: the engine). A due date that first
// appears as a step opens, or goes as it closes, is not a move.
export function dueDateMoves(
  definition: WorkflowDefinition,
  previous: ReadonlyMap<string, StepRow>,
  rows: readonly StepRow[],
  workflowId: string,
  actorId: string | null,
  at: Date,
): ActivityInput[] {
  const names = new Map(definition.step_groups.flatMap((g) => g.steps.map((s) => [s.tag, s.name] as const)));
  return rows.flatMap((row) => {
    const before = previous.get(row.step_tag)?.sla_breach_at ?? null;
    const after = row.sla_breach_at;
    if (before === null || after === null || before.getTime() === after.getTime()) return [];
    return [
      {
        workflowId,
        action: 'updated' as const,
        event: 'due_date_changed',
        actorId,
        stepTag: row.step_tag,
        details: {
          step_name: names.get(row.step_tag) ?? row.step_tag,
          old_due_at: before.toISOString(),
          new_due_at: after.toISOString(),
          by_engine: actorId === null,
        },
        at,
      },
    ];
  });
}

// The workflow's cycle ends when nothing is left to do and something was done; an undo re-opens it.
export function cycleEnd(
  snapshot: WorkflowSnapshot,
  completed: readonly string[],
  previous: Date | null,
  at: Date,
) {
  const finished =
    snapshot.enabled_steps.length === 0 && snapshot.visible_steps.some((tag) => completed.includes(tag));
  return finished ? (previous ?? at) : null;
}

// Alerts to raise and to resolve, given the rule tags open now.
export function alertChanges(open: ReadonlyMap<string, string>, raised: readonly RaisedAlert[]) {
  const raisedTags = new Set(raised.map((a) => a.rule_tag));
  return {
    raise: raised.filter((a) => !open.has(a.rule_tag)),
    resolve: [...open].filter(([rule]) => !raisedTags.has(rule)).map(([, id]) => id),
  };
}
