import type { WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  createDefinitionMover,
  loadDefinition,
  type MoveCandidateRow,
  type MoveTarget,
  type OlderWorkflowsScope,
  olderRunningWorkflows,
} from '../workflows/index.js';
import { type MovePlan, planMove } from './move-plan.js';

// The plan of each workflow of one batch, read in two queries whatever the batch's size.
export async function planBatch(
  tx: Tx,
  tenantId: string,
  target: MoveTarget,
  rows: readonly MoveCandidateRow[],
): Promise<{ row: MoveCandidateRow; plan: MovePlan; from: WorkflowDefinition; stepTags: string[] }[]> {
  const facts = await olderRunningWorkflows.facts(
    tx,
    rows.map((r) => r.id),
  );
  const definitions = new Map<string, WorkflowDefinition>();
  const planned = [];
  for (const row of rows) {
    let from = definitions.get(row.definition_id);
    if (!from) {
      from = await loadDefinition(tx, tenantId, row.definition_id);
      definitions.set(row.definition_id, from);
    }
    const known = facts.get(row.id) ?? { steps: [], answered: [] };
    const plan = planMove(from, target.definition, known, row.completed_steps);
    planned.push({ row, plan, from, stepTags: known.steps.map((s) => s.step_tag) });
  }
  return planned;
}

// How many running workflows of older versions would move and how many are refused, counted a
// batch at a time in id order, so memory stays flat whatever their number.
export async function countPlans(tx: Tx, tenantId: string, target: MoveTarget, scope: OlderWorkflowsScope) {
  const BATCH = 500;
  let afterId = '0';
  let movable = 0;
  let refused = 0;
  for (;;) {
    const rows = await olderRunningWorkflows.page(tx, scope, { afterId, limit: BATCH });
    if (rows.length === 0) break;
    for (const { plan } of await planBatch(tx, tenantId, target, rows)) {
      if (plan.movable) movable += 1;
      else refused += 1;
    }
    afterId = (rows[rows.length - 1] as MoveCandidateRow).id;
  }
  return { movable, refused };
}

export type BatchOutcome = {
  results: {
    workflowId: string;
    outcome: 'moved' | 'refused';
    reasons: MovePlan['reasons'];
    fromDefinitionId: string;
    fromVersion: number;
    dropped: unknown[];
  }[];
};

// Moves the movable workflows of one batch in the caller's transaction; refused ones are reported
// with their reasons. A workflow another change took off its old definition meanwhile is skipped.
export async function moveBatch(
  tx: Tx,
  tenantId: string,
  target: MoveTarget,
  rows: readonly MoveCandidateRow[],
  context: { moveId: string; actorId: string | null; at: Date },
): Promise<BatchOutcome> {
  const planned = await planBatch(tx, tenantId, target, rows);
  const moveOne = await createDefinitionMover(tx, tenantId, target);
  const results: BatchOutcome['results'] = [];
  for (const { row, plan, from, stepTags } of planned) {
    const base = { workflowId: row.id, fromDefinitionId: row.definition_id, fromVersion: row.version };
    if (!plan.movable) {
      results.push({ ...base, outcome: 'refused', reasons: plan.reasons, dropped: [] });
      continue;
    }
    const moved = await moveOne({
      workflowId: row.id,
      fromDefinitionId: row.definition_id,
      known: { stepTags, from },
      actorId: context.actorId,
      at: context.at,
      activity: {
        event: 'workflow_moved',
        details: {
          move_id: Number(context.moveId),
          from_version: row.version,
          to_version: target.version,
        },
      },
    });
    if (moved.moved) results.push({ ...base, outcome: 'moved', reasons: [], dropped: moved.dropped });
  }
  return { results };
}
