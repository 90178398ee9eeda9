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
  dueDateMoves,
  type StepEvent,
  type StepRow,
  stepRowChanged,
} from './step-rows.js';
import { recordActivity } from './workflow-activity.js';
import { workflowAlertsRepository } from './workflow-alerts.repository.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import { workflowStepsRepository } from './workflow-steps.repository.js';
import { workflowsRepository } from './workflows.repository.js';

export type MaterialiseInput = {
  tenantId: string;
  workflow: { id: string; kind_id: string; cycle_end: Date | null };
  definition: WorkflowDefinition;
  state: WorkflowState;
  event: StepEvent;
  at: Date;
  // Who made the change: a person, or null for the engine itself (an integration's answers).
  actorId: string | null;
};

// Writes what the engine computes from a workflow's state after a change (answer, submit, undo), in
// the caller's transaction: its steps' rows, its status, progress and cycle, and the alerts its rules
// raise now (new ones inserted, gone ones resolved). Creation goes through create-workflows.ts.
export async function materialiseWorkflow(tx: Tx, input: MaterialiseInput): Promise<WorkflowSnapshot> {
  const { tenantId, workflow, definition, state, at } = input;
  const snapshot = evaluateWorkflow(definition, state);
  const existing = await workflowStepsRepository.list(tx, workflow.id);
  const previous = new Map<string, StepRow>(existing.map((row) => [row.step_tag, row]));
  const rows = deriveStepRows(definition, snapshot, previous, at, input.event);
  for (const row of rows) {
    const before = previous.get(row.step_tag);
    if (!before) {
      await workflowStepsRepository.insert(tx, tenantId, workflow.id, row);
    } else if (stepRowChanged(before, row)) {
      await workflowStepsRepository.update(tx, workflow.id, row, at);
    }
  }

  const moved = dueDateMoves(definition, previous, rows, workflow.id, input.actorId, at);
  if (moved.length > 0) await recordActivity(tx, tenantId, moved);

  const status = await workflowKindsRepository.statusIdOf(tx, workflow.kind_id, snapshot.status);
  await workflowsRepository.updateState(tx, workflow.id, {
    status_id: status.id,
    progress: snapshot.progress,
    completed_steps: [...state.completed_steps],
    updated_at: at,
    cycle_end: cycleEnd(snapshot, state.completed_steps, workflow.cycle_end, at),
  });

  const open = await workflowAlertsRepository.open(tx, workflow.id);
  const changes = alertChanges(new Map(open.map((a) => [a.rule_tag, a.id])), snapshot.alerts);
  if (changes.resolve.length > 0) {
    await workflowAlertsRepository.resolve(tx, changes.resolve, at);
  }
  if (changes.raise.length > 0) {
    await workflowAlertsRepository.insertMany(
      tx,
      changes.raise.map((a) => ({ tenant_id: tenantId, workflow_id: workflow.id, raised_at: at, ...a })),
    );
  }
  return snapshot;
}
