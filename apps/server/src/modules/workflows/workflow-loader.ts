import type { WorkflowDefinition, WorkflowState } from '@attest/shared';
import type { AccessLevel } from '../../db/schema.js';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answersRepository } from './answers.repository.js';
import { loadDefinition } from './definition-cache.js';
import { workflowAccess } from './workflow-access.js';
import { workflowForbidden, workflowRefusal } from './workflow-errors.js';
import { type WorkflowRow, workflowsRepository } from './workflows.repository.js';

export type LoadedWorkflow = {
  row: WorkflowRow;
  definition: WorkflowDefinition;
  state: WorkflowState;
  access: AccessLevel;
};

export async function currentAnswers(tx: Tx, workflowId: string): Promise<Record<string, unknown>> {
  const rows = await answersRepository.allCurrent(tx, workflowId);
  const answers: Record<string, unknown> = {};
  for (const row of rows) if (row.value !== null) answers[row.field_tag] = row.value;
  return answers;
}

// A workflow the user may see, with its definition and engine state; 404 when it does not exist,
// belongs to another tenant or lies outside the user's regions and business units. `forUpdate`
// locks the row so that two concurrent changes of one workflow apply one after the other.
export async function loadVisibleWorkflow(
  tx: Tx,
  ctx: UserContext,
  id: number | string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedWorkflow> {
  const workflowId = String(id);
  const access = await workflowAccess(tx, ctx.auth.user.id, workflowId);
  if (!access) throw new NotFoundError();
  const row = await workflowsRepository.find(tx, workflowId, options.forUpdate ?? false);
  if (!row) throw new NotFoundError();
  const definition = await loadDefinition(tx, ctx.tenant.id, row.definition_id);
  const answers = await currentAnswers(tx, workflowId);
  return { row, definition, access, state: { answers, completed_steps: row.completed_steps } };
}

// The same, for a change: full access to its region or business unit, and not archived.
export async function loadChangeableWorkflow(tx: Tx, ctx: UserContext, id: number | string) {
  const loaded = await loadVisibleWorkflow(tx, ctx, id, { forUpdate: true });
  if (loaded.access !== 'full') throw workflowForbidden('read_only');
  if (loaded.row.archived_at) throw workflowRefusal('workflow_archived');
  return loaded;
}
