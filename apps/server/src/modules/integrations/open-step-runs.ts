import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';

const CHUNK = 500;

// Workflows created in bulk (the demo seed, imports) skip the actions that queue integration runs:
// this gives every open integration step without a pending run a waiting one, for the worker's
// sweep to hand over. Answers how many it queued.
export async function queueOpenIntegrationSteps(tx: Tx, tenantId: string): Promise<number> {
  // Explicit tenant filters: the seed runs as the owning role, which row-level security may not bind.
  const definitions = await tx
    .selectFrom('workflow_definitions')
    .select(['id', 'definition'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const connectors = new Map<string, string>();
  for (const row of definitions) {
    for (const step of flattenSteps(row.definition as WorkflowDefinition)) {
      if (step.integration) connectors.set(`${row.id}:${step.tag}`, step.integration.connector);
    }
  }
  if (connectors.size === 0) return 0;
  const stepTags = [...new Set([...connectors.keys()].map((key) => key.slice(key.indexOf(':') + 1)))];
  const open = await tx
    .selectFrom('workflow_steps as s')
    .innerJoin('workflows as w', (join) =>
      join.onRef('w.tenant_id', '=', 's.tenant_id').onRef('w.id', '=', 's.workflow_id'),
    )
    .select(['s.workflow_id', 's.step_tag', 'w.definition_id'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.state', '=', 'enabled')
    .where('s.step_tag', 'in', stepTags)
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
  const runs = open.flatMap((step) => {
    const connector = connectors.get(`${step.definition_id}:${step.step_tag}`);
    return connector
      ? [
          {
            tenant_id: tenantId,
            workflow_id: step.workflow_id,
            step_tag: step.step_tag,
            field_tag: null,
            connector,
            state: 'waiting' as const,
            created_by: null,
          },
        ]
      : [];
  });
  for (let i = 0; i < runs.length; i += CHUNK) {
    await tx
      .insertInto('integration_runs')
      .values(runs.slice(i, i + CHUNK))
      .execute();
  }
  return runs.length;
}
