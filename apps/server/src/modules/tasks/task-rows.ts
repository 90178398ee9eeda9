import {
  TASK_DUE_SOON_HOURS,
  type TaskAssignee,
  type TaskRow,
  type TaskType,
  type WorkflowDefinition,
} from '@attest/shared';
import type { AccessScope } from '../../platform/auth/access-scope.js';
import { type OfferViewer, taskOffers } from './task-offers.js';
import type { TaskExtrasRow } from './task-row-extras.repository.js';
import type { TaskKeyRow } from './tasks-list.repository.js';

const DAY_MS = 86_400_000;
const key = (workflowId: string, stepTag: string) => `${workflowId}\u0000${stepTag}`;

export type RowViewer = OfferViewer & { scope: AccessScope; now: Date };

export type RowExtras = {
  rows: TaskExtrasRow[];
  definitions: ReadonlyMap<string, WorkflowDefinition>;
};

// Claim, unclaim and reassign change the workflow, so they need 'full' access to its region or its
// business unit (workflow-access.ts placeLevel, the same rule).
function mayChange(scope: AccessScope, regionId: string, unitId: string | null): boolean {
  return (
    scope.regions.some((g) => g.id === regionId && g.access === 'full') ||
    (unitId !== null && scope.businessUnits.some((g) => g.id === unitId && g.access === 'full'))
  );
}

function stepNames(definition: WorkflowDefinition | undefined, groupTag: string, stepTag: string) {
  const group = definition?.step_groups.find((g) => g.tag === groupTag);
  const step = group?.steps.find((s) => s.tag === stepTag);
  return { group, step };
}

// Spec 2 §3.10's type of an open step, the most pressing first.
function taskType(row: {
  locked: boolean;
  overdue: boolean;
  dueSoon: boolean;
  integration: boolean;
  mine: boolean;
}): TaskType {
  if (row.locked) return 'locked';
  if (row.overdue) return 'delayed';
  if (row.dueSoon) return 'to-be-delayed';
  if (row.integration) return 'assistedByAI';
  if (row.mine) return 'my-task';
  return 'neutral';
}

// The page's rows in the page's order: open_tasks' part, then the batched extras. A task whose
// workflow vanished between the two reads (deleted in between) is left out.
export function buildTaskRows(
  keys: readonly TaskKeyRow[],
  extras: RowExtras,
  viewer: RowViewer,
  delegated: boolean,
): TaskRow[] {
  const workflows = new Map(extras.rows.map((w) => [key(w.workflow_id, w.step_tag), w]));
  const rows: TaskRow[] = [];
  for (const task of keys) {
    const k = key(task.workflow_id, task.step_tag);
    const w = workflows.get(k);
    if (!w) continue;
    const people = w.assignees;
    const users = people.filter((p) => p.user_id !== null);
    const groups = people.filter((p) => p.group_id !== null);
    const mine = users.some((p) => p.user_id === viewer.userId);
    const holder = users[0];
    const { group, step } = stepNames(
      extras.definitions.get(w.definition_id),
      task.step_group_tag,
      task.step_tag,
    );
    const due = task.due_at?.getTime() ?? null;
    const now = viewer.now.getTime();
    const overdue = due !== null && due < now;
    const delegator = delegated ? people.find((p) => p.user_id === task.via_id) : undefined;
    const integration = step?.integration?.connector ?? null;
    rows.push({
      workflow_id: Number(w.workflow_id),
      workflow_name: w.workflow_name,
      kind: { id: Number(w.kind_id), tag: w.kind_tag, name: w.kind_name },
      status:
        w.status_id === null
          ? null
          : { id: Number(w.status_id), name: w.status_name ?? '', color_code: w.status_color ?? '' },
      step: { tag: task.step_tag, name: step?.name ?? task.step_tag },
      step_group: { tag: task.step_group_tag, name: group?.name ?? task.step_group_tag },
      region: { id: Number(w.region_id), name: w.region_name },
      business_unit:
        w.business_unit_id === null
          ? null
          : { id: Number(w.business_unit_id), name: w.business_unit_name ?? '' },
      opened_at: task.opened_at?.toISOString() ?? null,
      due_at: task.due_at?.toISOString() ?? null,
      overdue_days: overdue && due !== null ? Math.ceil((now - due) / DAY_MS) : 0,
      follow_up_on: w.follow_up_on,
      assignees: people.map(
        (p): TaskAssignee =>
          p.user_id === null
            ? { kind: 'group', id: Number(p.group_id), name: p.name }
            : { kind: 'user', id: Number(p.user_id), name: p.name },
      ),
      claimed_by: groups.length > 0 && holder ? { id: Number(holder.user_id), name: holder.name } : null,
      delegated_from: delegator ? { id: Number(delegator.user_id), name: delegator.name } : null,
      alert_count: w.alert_count,
      alert_color: w.alert_color,
      integration,
      is_locked: w.is_locked,
      type: taskType({
        locked: w.is_locked,
        overdue,
        dueSoon: due !== null && !overdue && due - now <= TASK_DUE_SOON_HOURS * 3_600_000,
        integration: integration !== null,
        mine,
      }),
      // The services' own rule (task-offers.ts): a claim never overrides a person assignee.
      actions: taskOffers(people, viewer, mayChange(viewer.scope, w.region_id, w.business_unit_id)),
    });
  }
  return rows;
}
