import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { StepRow } from './step-rows.js';

// The running workflows of a kind on definitions older than a target, what a move to the target
// reads of them, and the re-pointing itself (issue 15, moving running workflows). Row-level security
// keeps every query to the transaction's tenant.
export type MoveCandidateRow = {
  id: string;
  name: string;
  definition_id: string;
  version: number;
  completed_steps: string[];
};

export type OlderWorkflowsScope = {
  kindId: string;
  // Workflows on a lower version of the kind than this one.
  belowVersion: number;
  // Only these workflows; null: all of them.
  ids: readonly string[] | null;
};

// Running: not archived and something still to do (the cycle has not ended). Production's only: a
// test workflow (on a test environment's definition) never moves onto Production's.
function olderRunning(tx: Tx, scope: OlderWorkflowsScope) {
  let query = tx
    .selectFrom('workflows as w')
    .innerJoin('workflow_definitions as d', 'd.id', 'w.definition_id')
    .where('w.kind_id', '=', scope.kindId)
    .where('w.test_environment', 'is', null)
    .where('d.version', '<', scope.belowVersion)
    .where('w.archived_at', 'is', null)
    .where('w.cycle_end', 'is', null);
  if (scope.ids) query = query.where('w.id', '=', sql<string>`any(${sql.val(scope.ids)}::bigint[])`);
  return query;
}

export const definitionMovesRepository = {
  // One page in id order: after `afterId` (keyset, for jobs) or from `offset` (for a paged preview).
  // `lock`: the workflows are locked for the caller's transaction, so what a move plans from (their
  // steps and answers, read next) cannot change before they move.
  page(
    tx: Tx,
    scope: OlderWorkflowsScope,
    page: { afterId?: string; offset?: number; limit: number; lock?: boolean },
  ) {
    let query = olderRunning(tx, scope)
      .select(['w.id', 'w.name', 'w.definition_id', 'd.version', 'w.completed_steps'])
      .orderBy('w.id')
      .limit(page.limit);
    if (page.afterId !== undefined) query = query.where('w.id', '>', page.afterId);
    if (page.offset) query = query.offset(page.offset);
    if (page.lock) query = query.forUpdate('w');
    return query.execute() as Promise<MoveCandidateRow[]>;
  },

  definitionKind: (tx: Tx, definitionId: string) =>
    tx
      .selectFrom('workflow_definitions')
      .select(['kind_id', 'version'])
      .where('id', '=', definitionId)
      .executeTakeFirst(),

  async count(tx: Tx, scope: OlderWorkflowsScope) {
    const row = await olderRunning(tx, scope)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  stepStates: (tx: Tx, workflowIds: readonly string[]) =>
    tx
      .selectFrom('workflow_steps')
      .select(['workflow_id', 'step_tag', 'state'])
      .where('workflow_id', 'in', workflowIds)
      .execute(),

  // The answers that hold a value (a cleared answer holds nothing to lose).
  answered: (tx: Tx, workflowIds: readonly string[]) =>
    tx
      .selectFrom('workflow_responses')
      .select(['workflow_id', 'field_tag', 'step_tag'])
      .where('workflow_id', 'in', workflowIds)
      .where('is_current', '=', true)
      .where('value', 'is not', null)
      .execute(),

  lockDefinitionOf: (tx: Tx, workflowId: string) =>
    tx
      .selectFrom('workflows')
      .select(['id', 'kind_id', 'definition_id', 'completed_steps', 'cycle_end', 'archived_at'])
      .where('id', '=', workflowId)
      .forUpdate()
      .executeTakeFirst(),

  async setDefinition(tx: Tx, workflowId: string, definitionId: string) {
    await tx
      .updateTable('workflows')
      .set({ definition_id: definitionId })
      .where('id', '=', workflowId)
      .execute();
  },

  // Every column of the step rows the target does not have, removed; the caller keeps them.
  deleteStepsNotIn(tx: Tx, workflowId: string, keep: readonly string[]) {
    return tx
      .deleteFrom('workflow_steps')
      .where('workflow_id', '=', workflowId)
      .where('step_tag', 'not in', keep.length > 0 ? keep : [''])
      .returning([
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
        'is_locked',
      ])
      .execute();
  },

  async insertSteps(tx: Tx, tenantId: string, workflowId: string, rows: readonly DroppedStep[]) {
    if (rows.length === 0) return;
    await tx
      .insertInto('workflow_steps')
      .values(rows.map((row) => ({ ...row, tenant_id: tenantId, workflow_id: workflowId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  // Answers follow their field by tag: a field the target puts in another step takes its answers
  // (every version of them) there.
  async mapAnswersToSteps(tx: Tx, workflowId: string, fieldSteps: ReadonlyMap<string, string>) {
    if (fieldSteps.size === 0) return;
    const values = sql.join([...fieldSteps].map(([field, step]) => sql`(${field}, ${step})`));
    await sql`
      update workflow_responses r set step_tag = m.step_tag
      from (values ${values}) as m (field_tag, step_tag)
      where r.workflow_id = ${workflowId} and r.field_tag = m.field_tag and r.step_tag <> m.step_tag
    `.execute(tx);
  },

  // Whether a step of the workflow was submitted after `at` (its activity log says so).
  async submittedSince(tx: Tx, workflowId: string, at: Date) {
    const row = await tx
      .selectFrom('workflow_activity')
      .select('id')
      .where('workflow_id', '=', workflowId)
      .where('action', '=', 'submitted')
      .where('created_at', '>', at)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};

export type DroppedStep = StepRow & { is_locked: boolean };
