import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { insertWaitingRuns, openStepsWithoutRun, tenantDefinitions } from './open-step-runs.repository.js';

// Workflows created in bulk (the demo seed, imports) skip the actions that queue integration runs:
// this gives every open integration step without a pending run a waiting one, for the worker's
// sweep to hand over. Answers how many it queued.
export async function queueOpenIntegrationSteps(tx: Tx, tenantId: string): Promise<number> {
  const definitions = await tenantDefinitions(tx, tenantId);
  const connectors = new Map<string, string>();
  for (const row of definitions) {
    for (const step of flattenSteps(row.definition as WorkflowDefinition)) {
      if (step.integration) connectors.set(`${row.id}:${step.tag}`, step.integration.connector);
    }
  }
  if (connectors.size === 0) return 0;
  const stepTags = [...new Set([...connectors.keys()].map((key) => key.slice(key.indexOf(':') + 1)))];
  const open = await openStepsWithoutRun(tx, tenantId, stepTags);
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
  await insertWaitingRuns(tx, runs);
  return runs.length;
}
