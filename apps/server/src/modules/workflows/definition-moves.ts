import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answersRepository } from './answers.repository.js';
import { assigneeResolver } from './create-workflows.js';
import { loadDefinition } from './definition-cache.js';
import { type DroppedStep, definitionMovesRepository as repo } from './definition-moves.repository.js';
import { materialiseWorkflow } from './materialise.js';
import { stepUsersRepository } from './step-users.repository.js';
import { recordActivity } from './workflow-activity.js';
import { workflowStepsRepository } from './workflow-steps.repository.js';

export type { DroppedStep, MoveCandidateRow, OlderWorkflowsScope } from './definition-moves.repository.js';

// What a move plan reads of a workflow: its step states and which fields hold answers in which step.
export type WorkflowMoveFacts = {
  steps: { step_tag: string; state: string }[];
  answered: { field_tag: string; step_tag: string }[];
};

// The running workflows of a kind on older definitions: a page, their count, and their facts, read
// a batch at a time (never every id at once).
export const olderRunningWorkflows = {
  page: repo.page,
  count: repo.count,
  async facts(tx: Tx, workflowIds: readonly string[]): Promise<Map<string, WorkflowMoveFacts>> {
    const facts = new Map<string, WorkflowMoveFacts>(
      workflowIds.map((id) => [id, { steps: [], answered: [] }]),
    );
    if (workflowIds.length === 0) return facts;
    const [steps, answered] = await Promise.all([
      repo.stepStates(tx, workflowIds),
      repo.answered(tx, workflowIds),
    ]);
    for (const s of steps) facts.get(s.workflow_id)?.steps.push({ step_tag: s.step_tag, state: s.state });
    for (const a of answered)
      facts.get(a.workflow_id)?.answered.push({ field_tag: a.field_tag, step_tag: a.step_tag });
    return facts;
  },
  submittedSince: repo.submittedSince,
};

export type MoveTarget = {
  kindId: string;
  definitionId: string;
  version: number;
  definition: WorkflowDefinition;
};

// A published definition as the target of a move; undefined when there is none of that id.
export async function loadMoveTarget(
  tx: Tx,
  tenantId: string,
  definitionId: string,
): Promise<MoveTarget | undefined> {
  const row = await repo.definitionKind(tx, definitionId);
  if (!row) return undefined;
  const definition = await loadDefinition(tx, tenantId, definitionId);
  return { kindId: row.kind_id, definitionId, version: row.version, definition };
}

export type MoveOneInput = {
  workflowId: string;
  // The definition the caller planned the move from; a workflow on another one is left alone.
  fromDefinitionId: string;
  actorId: string | null;
  at: Date;
  // Step rows to put back (a move back restores what the move dropped).
  restoreSteps?: readonly DroppedStep[];
  // What the caller already read under the batch's lock: the workflow's step tags, and the
  // definition it moves from (only answers of fields the target puts in another step are re-filed).
  known?: { stepTags: readonly string[]; from: WorkflowDefinition };
  activity: { event: string; details: Record<string, unknown> };
};

// Re-points workflows to another definition of their kind in the caller's transaction (one batch of
// a move job, or one move back). Steps and answers map by tag: a step row the target keeps keeps its
// state and timing, the target's new steps get rows and the definition's assignees, rows of steps
// the target lacks are removed and handed back to the caller (to restore them on a move back), and
// answers follow their field to the step the target puts it in. The engine then derives state,
// status, progress and alerts as after any change, and the activity log records the move.
export async function createDefinitionMover(tx: Tx, tenantId: string, target: MoveTarget) {
  const steps = flattenSteps(target.definition);
  const stepTags = steps.map((s) => s.tag);
  const kept = new Set(stepTags);
  const fieldSteps = new Map(steps.flatMap((s) => s.fields.map((f) => [f.tag, s.tag] as const)));
  const assignees = (await assigneeResolver(tx, tenantId, [target.definition]))(target.definition);
  // Per definition moved from: the fields the target keeps but in another step.
  const moved = new Map<WorkflowDefinition, Set<string>>();
  const movedFields = (from: WorkflowDefinition) => {
    let fields = moved.get(from);
    if (!fields) {
      fields = new Set(
        flattenSteps(from).flatMap((s) =>
          s.fields.filter((f) => fieldSteps.has(f.tag) && fieldSteps.get(f.tag) !== s.tag).map((f) => f.tag),
        ),
      );
      moved.set(from, fields);
    }
    return fields;
  };

  return async function moveOne(
    input: MoveOneInput,
  ): Promise<{ moved: false } | { moved: true; dropped: DroppedStep[] }> {
    const row = await repo.lockDefinitionOf(tx, input.workflowId);
    if (!row || row.definition_id !== input.fromDefinitionId || row.archived_at) return { moved: false };
    const before = new Set(
      input.known?.stepTags ?? (await workflowStepsRepository.list(tx, row.id)).map((s) => s.step_tag),
    );
    const dropped = await repo.deleteStepsNotIn(tx, row.id, stepTags);
    await repo.insertSteps(tx, tenantId, row.id, input.restoreSteps ?? []);
    const current = await answersRepository.allCurrent(tx, row.id);
    const refiled = input.known ? movedFields(input.known.from) : null;
    await repo.mapAnswersToSteps(
      tx,
      row.id,
      new Map(
        current.flatMap((a) => {
          const step = fieldSteps.get(a.field_tag);
          return step && (!refiled || refiled.has(a.field_tag)) ? [[a.field_tag, step] as const] : [];
        }),
      ),
    );
    await repo.setDefinition(tx, row.id, target.definitionId);
    const answers: Record<string, unknown> = {};
    for (const a of current) if (a.value !== null) answers[a.field_tag] = a.value;
    await materialiseWorkflow(tx, {
      tenantId,
      workflow: { id: row.id, kind_id: row.kind_id, cycle_end: row.cycle_end },
      definition: target.definition,
      state: { answers, completed_steps: row.completed_steps.filter((tag) => kept.has(tag)) },
      event: null,
      at: input.at,
      actorId: input.actorId,
    });
    const newAssignees = assignees.filter((a) => !before.has(a.step_tag));
    if (newAssignees.length > 0) {
      await stepUsersRepository.insertMany(
        tx,
        newAssignees.map((a) => ({
          tenant_id: tenantId,
          workflow_id: row.id,
          added_by: input.actorId,
          ...a,
        })),
      );
    }
    await recordActivity(tx, tenantId, [
      {
        workflowId: row.id,
        action: 'updated',
        event: input.activity.event,
        actorId: input.actorId,
        details: input.activity.details,
        at: input.at,
      },
    ]);
    return { moved: true, dropped };
  };
}
