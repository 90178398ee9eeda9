import {
  evaluateWorkflow,
  type WorkflowDefinition,
  type WorkflowSnapshot,
  type WorkflowState,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  alertChanges,
  cycleEnd,
  deriveStepRows,
  type StepEvent,
  type StepRow,
  stepRowChanged,
} from './step-rows.js';

export type MaterialiseInput = {
  tenantId: string;
  workflow: { id: string; kind_id: string; cycle_end: Date | null };
  definition: WorkflowDefinition;
  state: WorkflowState;
  event: StepEvent;
  at: Date;
};

const STEP_COLUMNS = [
  'step_tag',
  'step_group_tag',
  'position',
  'state',
  'initiated_at',
  'completed_at',
  'completed_by',
  'submit_count',
  'sla_hours',
  'sla_breach_at',
] as const;

export function statusIdOf(tx: Tx, kindId: string, tag: string) {
  return tx
    .selectFrom('workflow_statuses')
    .select('id')
    .where('kind_id', '=', kindId)
    .where('tag', '=', tag)
    .executeTakeFirstOrThrow();
}

// Writes what the engine computes from a workflow's state after a change (answer, submit, undo), in
// the caller's transaction: its steps' rows, its status, progress and cycle, and the alerts its rules
// raise now (new ones inserted, gone ones resolved). Creation goes through create-workflows.ts.
export async function materialiseWorkflow(tx: Tx, input: MaterialiseInput): Promise<WorkflowSnapshot> {
  const { tenantId, workflow, definition, state, at } = input;
  const snapshot = evaluateWorkflow(definition, state);
  const existing = await tx
    .selectFrom('workflow_steps')
    .select(STEP_COLUMNS)
    .where('workflow_id', '=', workflow.id)
    .execute();
  const previous = new Map<string, StepRow>(existing.map((row) => [row.step_tag, row]));
  for (const row of deriveStepRows(definition, snapshot, previous, at, input.event)) {
    const before = previous.get(row.step_tag);
    if (!before) {
      await tx
        .insertInto('workflow_steps')
        .values({ tenant_id: tenantId, workflow_id: workflow.id, ...row })
        .execute();
    } else if (stepRowChanged(before, row)) {
      await tx
        .updateTable('workflow_steps')
        .set({ ...row, updated_at: at })
        .where('workflow_id', '=', workflow.id)
        .where('step_tag', '=', row.step_tag)
        .execute();
    }
  }

  const status = await statusIdOf(tx, workflow.kind_id, snapshot.status);
  await tx
    .updateTable('workflows')
    .set({
      status_id: status.id,
      progress: snapshot.progress,
      completed_steps: [...state.completed_steps],
      updated_at: at,
      cycle_end: cycleEnd(snapshot, state.completed_steps, workflow.cycle_end, at),
    })
    .where('id', '=', workflow.id)
    .execute();

  const open = await tx
    .selectFrom('workflow_alerts')
    .select(['id', 'rule_tag'])
    .where('workflow_id', '=', workflow.id)
    .where('resolved_at', 'is', null)
    .execute();
  const changes = alertChanges(new Map(open.map((a) => [a.rule_tag, a.id])), snapshot.alerts);
  if (changes.resolve.length > 0) {
    await tx
      .updateTable('workflow_alerts')
      .set({ resolved_at: at })
      .where('id', 'in', changes.resolve)
      .execute();
  }
  if (changes.raise.length > 0) {
    await tx
      .insertInto('workflow_alerts')
      .values(
        changes.raise.map((a) => ({ tenant_id: tenantId, workflow_id: workflow.id, raised_at: at, ...a })),
      )
      .execute();
  }
  return snapshot;
}
