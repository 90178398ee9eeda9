import {
  editAnswer,
  evaluateWorkflow,
  flattenSteps,
  isEmptyAnswer,
  type WorkflowState,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  answersRepository,
  currentAnswers,
  loadDefinition,
  materialiseWorkflow,
  recordActivity,
} from '../workflows/index.js';
import { type QueuedRun, queueStepIntegrations } from './integration-queue.js';
import { lockWorkflowForAnswers } from './integration-workflows.repository.js';

const LOGGED_TEXT_MAX_LENGTH = 500;

export type ConnectorAnswersInput = {
  tenantId: string;
  workflowId: string;
  stepTag: string;
  answers: Record<string, unknown>;
  at: Date;
};

// A connector's answers, saved as the platform's (answered_by null) through the engine's editAnswer,
// like a person's: only fields of the connector's own step, only while that step is open and not
// locked, never over an answer someone already gave. An answer the engine refuses is left out; the
// run's result still holds it. Answers the rules then open steps for queue those steps' runs.
export async function writeConnectorAnswers(
  tx: Tx,
  input: ConnectorAnswersInput,
): Promise<{ written: string[]; runs: QueuedRun[] }> {
  const none = { written: [], runs: [] };
  const workflow = await lockWorkflowForAnswers(tx, input.workflowId);
  if (!workflow || workflow.archived_at) return none;
  if (await answersRepository.isStepLocked(tx, workflow.id, input.stepTag)) return none;
  const definition = await loadDefinition(tx, input.tenantId, workflow.definition_id);
  const step = flattenSteps(definition).find((s) => s.tag === input.stepTag);
  if (!step) return none;
  const initial: WorkflowState = {
    answers: await currentAnswers(tx, workflow.id),
    completed_steps: workflow.completed_steps,
  };
  let state = initial;
  const written: string[] = [];
  for (const field of step.fields) {
    if (!(field.tag in input.answers) || !isEmptyAnswer(state.answers[field.tag])) continue;
    const edit = editAnswer(definition, state, field.tag, input.answers[field.tag]);
    if (!edit.ok) continue;
    await answersRepository.saveVersion(tx, {
      tenantId: input.tenantId,
      workflowId: workflow.id,
      field,
      stepTag: step.tag,
      value: edit.value,
      answeredBy: null,
      at: input.at,
    });
    state = edit.state;
    written.push(field.tag);
  }
  if (written.length === 0) return none;

  const before = new Set(evaluateWorkflow(definition, initial).enabled_steps);
  const snapshot = await materialiseWorkflow(tx, {
    tenantId: input.tenantId,
    workflow,
    definition,
    state,
    event: null,
    at: input.at,
    actorId: null,
  });
  const runs = await queueStepIntegrations(tx, {
    tenantId: input.tenantId,
    workflowId: workflow.id,
    definition,
    stepTags: snapshot.enabled_steps.filter((tag) => !before.has(tag)),
    userId: null,
  });
  await recordActivity(
    tx,
    input.tenantId,
    written.map((tag) => ({
      workflowId: workflow.id,
      action: 'updated' as const,
      event: 'answer_saved',
      actorId: null,
      stepTag: step.tag,
      fieldTag: tag,
      details: { old_value: null, new_value: loggedValue(state.answers[tag]), by_integration: true },
      at: input.at,
    })),
  );
  return { written, runs };
}

function loggedValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  return value.length > LOGGED_TEXT_MAX_LENGTH ? `${value.slice(0, LOGGED_TEXT_MAX_LENGTH)}…` : value;
}
