import { editAnswer, flattenSteps, type WorkflowState } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answersRepository } from './answers.repository.js';
import { loadDefinition } from './definition-cache.js';
import { materialiseWorkflow } from './materialise.js';
import { recordActivity } from './workflow-activity.js';
import { currentAnswers } from './workflow-loader.js';

// The answers an integration's connector brings, written as the platform (no person) through the
// engine's editAnswer like anyone's: versions, projections, status and alerts follow. An answer the
// engine refuses (a closed step, an invalid value) is left out and named in the result, so the run
// can record it. Given to the integrations runner as its ConnectorAnswerWriter.
export async function writeConnectorAnswers(
  tx: Tx,
  input: { tenantId: string; workflowId: string; stepTag: string; answers: Record<string, unknown> },
): Promise<{ refused: string[] }> {
  const row = await tx
    .selectFrom('workflows')
    .select(['id', 'kind_id', 'definition_id', 'completed_steps', 'cycle_end', 'archived_at'])
    .where('id', '=', input.workflowId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.archived_at) return { refused: Object.keys(input.answers) };
  const definition = await loadDefinition(tx, input.tenantId, row.definition_id);
  const fields = new Map(flattenSteps(definition).flatMap((s) => s.fields.map((f) => [f.tag, { f, s }])));
  let state: WorkflowState = {
    answers: await currentAnswers(tx, row.id),
    completed_steps: row.completed_steps,
  };
  const at = new Date();
  const refused: string[] = [];
  const saved: string[] = [];
  for (const [tag, value] of Object.entries(input.answers)) {
    const owner = fields.get(tag);
    const edit = editAnswer(definition, state, tag, value);
    if (!owner || !edit.ok) {
      refused.push(tag);
      continue;
    }
    await answersRepository.saveVersion(tx, {
      tenantId: input.tenantId,
      workflowId: row.id,
      field: owner.f,
      stepTag: owner.s.tag,
      value: edit.value,
      answeredBy: null,
      at,
    });
    state = edit.state;
    saved.push(tag);
  }
  if (saved.length === 0) return { refused };
  await materialiseWorkflow(tx, {
    tenantId: input.tenantId,
    workflow: row,
    definition,
    state,
    event: null,
    at,
  });
  await recordActivity(
    tx,
    input.tenantId,
    saved.map((tag) => ({
      workflowId: row.id,
      action: 'updated' as const,
      event: 'answer_saved',
      actorId: null,
      stepTag: input.stepTag,
      fieldTag: tag,
      details: { source: 'integration' },
      at,
    })),
  );
  return { refused };
}
