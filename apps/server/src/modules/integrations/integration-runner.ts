import { type Answers, flattenSteps, isEmptyAnswer } from '@attest/shared';
import type { Db } from '../../db/database.js';
import type { IntegrationRunState } from '../../db/schema.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/definition-cache.js';
import { recordActivity } from '../workflows/workflow-activity.js';
import { ConnectorError, type ConnectorInput, type ConnectorOutcome } from './connectors/connector.js';
import { findConnector } from './connectors/registry.js';
import {
  dispatchIntegrationRuns,
  type IntegrationJobSender,
  type IntegrationRunJob,
  type QueueStepIntegrationsInput,
  queueStepIntegrations,
} from './integration-queue.js';
import { integrationRunsRepository } from './integration-runs.repository.js';

// Writes a connector's answers into the workflow as the platform (no person), through the same path
// as a person's answer so versions, projections, status and alerts follow. Given by the workflows
// module; without it, the answers stay in the run's result only.
export type ConnectorAnswerWriter = (
  tx: Tx,
  input: { tenantId: string; workflowId: string; stepTag: string; answers: Record<string, unknown> },
) => Promise<void>;

export type IntegrationRunner = {
  // In the transaction of the action that opened the steps.
  queue(tx: Tx, input: QueueStepIntegrationsInput): Promise<IntegrationRunJob[]>;
  // After that transaction commits: hands the runs to the job queue.
  dispatch(runs: readonly IntegrationRunJob[]): Promise<void>;
  // One run; the job calls it, and tests call it without pg-boss.
  run(tenantId: string, runId: string): Promise<IntegrationRunState | 'skipped'>;
  // Every waiting run of a tenant, in order; answers how many ran.
  runWaiting(tenantId: string): Promise<number>;
};

export const CONNECTOR_FAILED_MESSAGE =
  'The integration failed. Please try again or contact your administrator.';

async function loadInput(tx: Tx, tenantId: string, workflowId: string, stepTag: string) {
  const workflow = await tx
    .selectFrom('workflows')
    .select(['id', 'name', 'definition_id'])
    .where('id', '=', workflowId)
    .executeTakeFirstOrThrow();
  const definition = await loadDefinition(tx, tenantId, workflow.definition_id);
  const step = flattenSteps(definition).find((s) => s.tag === stepTag);
  const rows = await tx
    .selectFrom('workflow_responses')
    .select(['field_tag', 'value'])
    .where('workflow_id', '=', workflowId)
    .where('is_current', '=', true)
    .execute();
  const answers: Answers = Object.fromEntries(rows.map((r) => [r.field_tag, r.value]));
  return step ? { workflow: { id: workflow.id, name: workflow.name }, definition, step, answers } : undefined;
}

// A connector fills blanks only: an answer someone already gave is never overwritten.
async function unansweredOnly(tx: Tx, workflowId: string, answers: Record<string, unknown>) {
  const tags = Object.keys(answers);
  if (tags.length === 0) return {};
  const given = await tx
    .selectFrom('workflow_responses')
    .select(['field_tag', 'value'])
    .where('workflow_id', '=', workflowId)
    .where('is_current', '=', true)
    .where('field_tag', 'in', tags)
    .execute();
  const answered = new Set(given.filter((r) => !isEmptyAnswer(r.value)).map((r) => r.field_tag));
  return Object.fromEntries(Object.entries(answers).filter(([tag]) => !answered.has(tag)));
}

async function execute(connectorTag: string, input: ConnectorInput | undefined): Promise<ConnectorOutcome> {
  const connector = findConnector(connectorTag);
  if (!connector) throw new ConnectorError(`No connector named '${connectorTag}' is installed.`);
  if (!input)
    throw new ConnectorError('The step of this integration is no longer in the workflow definition.');
  return connector.run(input);
}

export function createIntegrationRunner(options: {
  db: Db;
  jobs: IntegrationJobSender | null;
  log: (error: Error, context: string) => void;
  writeAnswers?: ConnectorAnswerWriter;
}): IntegrationRunner {
  const { db } = options;

  // The result, the answers it brings and the activity entry commit together.
  async function finish(
    tenantId: string,
    found: { id: string; workflow_id: string; step_tag: string; connector: string },
    outcome: {
      state: 'finished' | 'failed';
      result: unknown;
      error: string | null;
      answers: Record<string, unknown>;
    },
  ): Promise<void> {
    await withTenant(db, tenantId, async (tx) => {
      await integrationRunsRepository.finish(tx, found.id, outcome);
      const answers = await unansweredOnly(tx, found.workflow_id, outcome.answers);
      if (options.writeAnswers && Object.keys(answers).length > 0) {
        await options.writeAnswers(tx, {
          tenantId,
          workflowId: found.workflow_id,
          stepTag: found.step_tag,
          answers,
        });
      }
      await recordActivity(tx, tenantId, [
        {
          workflowId: found.workflow_id,
          action: 'performed',
          event: outcome.state === 'finished' ? 'integration_finished' : 'integration_failed',
          actorId: null,
          stepTag: found.step_tag,
          details: {
            run_id: Number(found.id),
            connector: found.connector,
            ...(outcome.error && { error: outcome.error }),
            ...(Object.keys(answers).length > 0 && { field_tags: Object.keys(answers) }),
          },
        },
      ]);
    });
  }

  async function run(tenantId: string, runId: string): Promise<IntegrationRunState | 'skipped'> {
    const claimed = await withTenant(db, tenantId, async (tx) => {
      const found = await integrationRunsRepository.find(tx, runId);
      if (!found || !(await integrationRunsRepository.claim(tx, runId))) return undefined;
      return { run: found, input: await loadInput(tx, tenantId, found.workflow_id, found.step_tag) };
    });
    if (!claimed) return 'skipped';
    const { run: found, input } = claimed;
    // The connector runs between two transactions: it may call other systems (STYLE rule 8).
    let outcome: ConnectorOutcome | undefined;
    let error: string | null = null;
    try {
      outcome = await execute(found.connector, input);
    } catch (caught) {
      if (caught instanceof ConnectorError) error = caught.message;
      else {
        options.log(caught instanceof Error ? caught : new Error(String(caught)), 'integration run');
        error = CONNECTOR_FAILED_MESSAGE;
      }
    }
    const state = outcome ? 'finished' : 'failed';
    try {
      await finish(tenantId, found, {
        state,
        result: outcome?.result ?? null,
        error,
        answers: outcome?.answers ?? {},
      });
      return state;
    } catch (caught) {
      // Its answers were refused (the step closed meanwhile) or the database failed: the run is
      // recorded as failed rather than left running.
      options.log(caught instanceof Error ? caught : new Error(String(caught)), 'integration result');
      await finish(tenantId, found, {
        state: 'failed',
        result: null,
        error: CONNECTOR_FAILED_MESSAGE,
        answers: {},
      });
      return 'failed';
    }
  }

  return {
    queue: queueStepIntegrations,
    dispatch: (runs) =>
      dispatchIntegrationRuns(options.jobs, runs, (e) => options.log(e, 'integration dispatch')),
    run,
    async runWaiting(tenantId) {
      const ids = await withTenant(db, tenantId, (tx) =>
        integrationRunsRepository.waitingIds(tx, { limit: 500 }),
      );
      let ran = 0;
      for (const id of ids) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      return ran;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    integrations: IntegrationRunner;
  }
}
