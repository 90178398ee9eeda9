import type { Tx } from '../../platform/tenant-transaction.js';

// Explicit tenant filters: the seed runs as the owning role, which row-level security may not bind.

const CHUNK = 500;

export type DefinitionRow = { id: string; definition: unknown };

export function tenantDefinitions(tx: Tx, tenantId: string): Promise<DefinitionRow[]> {
  return tx
    .selectFrom('workflow_definitions')
    .select(['id', 'definition'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

export type OpenStepRow = { workflow_id: string; step_tag: string; definition_id: string };

// The enabled steps with these tags of unarchived workflows that have no waiting or running run.
export function openStepsWithoutRun(
  tx: Tx,
  tenantId: string,
  stepTags: readonly string[],
): Promise<OpenStepRow[]> {
  return tx
    .selectFrom('workflow_steps as s')
    .innerJoin('workflows as w', (join) =>
      join.onRef('w.tenant_id', '=', 's.tenant_id').onRef('w.id', '=', 's.workflow_id'),
    )
    .select(['s.workflow_id', 's.step_tag', 'w.definition_id'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.state', '=', 'enabled')
    .where('s.step_tag', 'in', [...stepTags])
    .where('w.archived_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('integration_runs as r')
            .select('r.id')
            .whereRef('r.workflow_id', '=', 's.workflow_id')
            .whereRef('r.step_tag', '=', 's.step_tag')
            .where('r.state', 'in', ['waiting', 'running']),
        ),
      ),
    )
    .execute();
}

export type WaitingRunValues = {
  tenant_id: string;
  workflow_id: string;
  step_tag: string;
  field_tag: null;
  connector: string;
  state: 'waiting';
  created_by: null;
};

// In chunks of CHUNK rows per statement.
export async function insertWaitingRuns(tx: Tx, runs: readonly WaitingRunValues[]): Promise<void> {
  for (let i = 0; i < runs.length; i += CHUNK) {
    await tx
      .insertInto('integration_runs')
      .values(runs.slice(i, i + CHUNK))
      .execute();
  }
}
