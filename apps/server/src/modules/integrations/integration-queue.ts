import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Tx } from '../../platform/tenant-transaction.js';
import { recordActivity } from '../workflows/index.js';
import { integrationRunsRepository } from './integration-runs.repository.js';

export const INTEGRATION_RUN_QUEUE = 'integrations.run';
export type IntegrationRunJob = { tenantId: string; runId: string };
// A run just queued, with what its 'queued' event names; only the job's ids go to the queue.
export type QueuedRun = IntegrationRunJob & { workflowId: string; stepTag: string; connector: string };
// One job per run: the queue's 'stately' policy refuses a second one with the same key.
export const integrationJobKey = (job: IntegrationRunJob) => `${job.tenantId}:${job.runId}`;

// What dispatching needs of the job queue; absent in tests and tools that build the app alone.
export type IntegrationJobSender = {
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown>;
};

export type QueueStepIntegrationsInput = {
  tenantId: string;
  workflowId: string;
  definition: WorkflowDefinition;
  // The steps an action has just opened (create, submit, undo); those with an integration get a run.
  stepTags: readonly string[];
  userId: string | null;
};

// Spec 1 §4: an integration step waits, per workflow and step, until its run has finished. Called
// in the transaction of the action that opened the steps, so a run exists exactly when the action
// committed; hand the answer to dispatchIntegrationRuns after that transaction commits.
export async function queueStepIntegrations(tx: Tx, input: QueueStepIntegrationsInput): Promise<QueuedRun[]> {
  const opened = new Set(input.stepTags);
  const steps = flattenSteps(input.definition).filter((step) => step.integration && opened.has(step.tag));
  if (steps.length === 0) return [];
  const pending = await integrationRunsRepository.pendingSteps(tx, input.workflowId);
  const jobs: QueuedRun[] = [];
  const queued: { runId: string; stepTag: string; connector: string }[] = [];
  for (const step of steps) {
    if (!step.integration || pending.has(step.tag)) continue;
    const runId = await integrationRunsRepository.insert(tx, {
      tenantId: input.tenantId,
      workflowId: input.workflowId,
      stepTag: step.tag,
      connector: step.integration.connector,
      userId: input.userId,
    });
    jobs.push({
      tenantId: input.tenantId,
      runId,
      workflowId: input.workflowId,
      stepTag: step.tag,
      connector: step.integration.connector,
    });
    queued.push({ runId, stepTag: step.tag, connector: step.integration.connector });
  }
  // Spec 2 §3.11 'queued': the timeline shows the run from the moment it waits.
  await recordActivity(
    tx,
    input.tenantId,
    queued.map((run) => ({
      workflowId: input.workflowId,
      action: 'queued' as const,
      event: 'integration_queued',
      actorId: input.userId,
      stepTag: run.stepTag,
      details: { run_id: Number(run.runId), connector: run.connector },
    })),
  );
  return jobs;
}

// After the transaction commits. A run whose job could not be sent stays 'waiting' and the sweep
// (integration-jobs.ts) hands it over again; without a job queue (tests), runWaiting() runs them.
export async function dispatchIntegrationRuns(
  jobs: IntegrationJobSender | null,
  runs: readonly IntegrationRunJob[],
  log: (error: Error) => void,
): Promise<void> {
  if (!jobs) return;
  for (const { tenantId, runId } of runs) {
    const job: IntegrationRunJob = { tenantId, runId };
    try {
      await jobs.send(INTEGRATION_RUN_QUEUE, job, { singletonKey: integrationJobKey(job) });
    } catch (error) {
      log(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
