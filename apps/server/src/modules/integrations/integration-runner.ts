import { flattenSteps } from '@attest/shared';
import type { Db } from '../../db/database.js';
import type { IntegrationRunState } from '../../db/schema.js';
import {
  type OutgoingEvent,
  type RealtimePublisher,
  silentPublisher,
} from '../../platform/realtime/realtime-publisher.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import type { CommentEffects } from '../mentions/index.js';
import { postIntegrationResult } from '../mentions/index.js';
import { recordNotifications } from '../notifications/index.js';
import { currentAnswers, loadDefinition, recordActivity } from '../workflows/index.js';
import { writeConnectorAnswers } from './connector-answers.js';
import { ConnectorError, type ConnectorInput, type ConnectorOutcome } from './connectors/connector.js';
import { findConnector } from './connectors/registry.js';
import {
  connectorAnsweredEvent,
  integrationRunEvent,
  integrationRunNotification,
} from './integration-events.js';
import {
  dispatchIntegrationRuns,
  type IntegrationJobSender,
  type IntegrationRunJob,
  type QueuedRun,
  type QueueStepIntegrationsInput,
  queueStepIntegrations,
} from './integration-queue.js';
import { integrationRunsRepository } from './integration-runs.repository.js';
import { findRunWorkflow } from './integration-workflows.repository.js';

export type IntegrationRunner = {
  // In the transaction of the action that opened the steps.
  queue(tx: Tx, input: QueueStepIntegrationsInput): Promise<QueuedRun[]>;
  // After that transaction commits: announces the runs ('queued') and hands them to the job queue.
  dispatch(runs: readonly IntegrationRunJob[]): Promise<void>;
  // One run; the job calls it, and tests call it without pg-boss. `reclaim` (a retried job) takes
  // over a run a previous attempt left running.
  run(
    tenantId: string,
    runId: string,
    options?: { reclaim?: boolean },
  ): Promise<IntegrationRunState | 'skipped'>;
  // Every waiting run of a tenant, in order, including runs those runs queue; answers how many ran.
  runWaiting(tenantId: string): Promise<number>;
};

// What a person reads when a connector failed for a reason that is not theirs to know.
export const CONNECTOR_FAILED_MESSAGE =
  'The integration failed. Please try again or contact your administrator.';

type ClaimedRun = {
  id: string;
  workflow_id: string;
  step_tag: string;
  connector: string;
  created_by: string | null;
};
type RunOutcome = {
  state: 'finished' | 'failed';
  result: unknown;
  error: string | null;
  answers: Record<string, unknown>;
};

async function loadInput(tx: Tx, tenantId: string, run: ClaimedRun): Promise<ConnectorInput | undefined> {
  const workflow = await findRunWorkflow(tx, run.workflow_id);
  const definition = await loadDefinition(tx, tenantId, workflow.definition_id);
  const step = flattenSteps(definition).find((s) => s.tag === run.step_tag);
  if (!step) return undefined;
  const answers = await currentAnswers(tx, workflow.id);
  return { workflow: { id: workflow.id, name: workflow.name }, definition, step, answers };
}

async function execute(connectorTag: string, input: ConnectorInput | undefined): Promise<ConnectorOutcome> {
  const connector = findConnector(connectorTag);
  if (!connector) throw new ConnectorError(`No connector named '${connectorTag}' is installed.`);
  if (!input)
    throw new ConnectorError('The step of this integration is no longer in the workflow definition.');
  return connector.run(input);
}

const isQueuedRun = (run: IntegrationRunJob): run is QueuedRun => 'workflowId' in run;

export function createIntegrationRunner(options: {
  db: Db;
  jobs: IntegrationJobSender | null;
  // Live events of the runs (spec 1 §4); none where nobody listens (tools, some tests).
  realtime?: RealtimePublisher;
  // After a run's outcome is posted in its step's thread: publish the comment's events and schedule
  // its e-mails (mentions/thread-emails.ts); by default only the events are published.
  announceComment?: (effects: CommentEffects) => Promise<void>;
  log: (error: Error, context: string) => void;
}): IntegrationRunner {
  const { db } = options;
  const realtime = options.realtime ?? silentPublisher;
  const announceComment =
    options.announceComment ?? (async (effects: CommentEffects) => realtime.publish(effects.events));

  async function dispatch(runs: readonly IntegrationRunJob[]) {
    realtime.publish(
      runs
        .filter(isQueuedRun)
        .map((run) =>
          integrationRunEvent(
            run.tenantId,
            { id: run.runId, workflow_id: run.workflowId, step_tag: run.stepTag, connector: run.connector },
            'queued',
          ),
        ),
    );
    await dispatchIntegrationRuns(options.jobs, runs, (e) => options.log(e, 'integration dispatch'));
  }

  // The run's state and result, the answers it brings, its activity entry, its message in the
  // step's thread and its notification commit together; what they announce is published after.
  async function finish(tenantId: string, run: ClaimedRun, outcome: RunOutcome, stepName: string) {
    const done = await withTenant(db, tenantId, async (tx) => {
      const at = new Date();
      if (!(await integrationRunsRepository.finish(tx, run.id, outcome))) return null;
      const { written, runs } = await writeConnectorAnswers(tx, {
        tenantId,
        workflowId: run.workflow_id,
        stepTag: run.step_tag,
        answers: outcome.answers,
        at,
      });
      await recordActivity(tx, tenantId, [
        {
          workflowId: run.workflow_id,
          action: 'performed',
          event: outcome.state === 'finished' ? 'integration_finished' : 'integration_failed',
          actorId: null,
          stepTag: run.step_tag,
          details: {
            run_id: Number(run.id),
            connector: run.connector,
            ...(outcome.error !== null && { error: outcome.error }),
            ...(written.length > 0 && { field_tags: written }),
          },
          at,
        },
      ]);
      const comment = await postIntegrationResult(tx, tenantId, {
        ...run,
        state: outcome.state,
        error: outcome.error,
        result: outcome.result,
      });
      const notified = await recordNotifications(
        tx,
        tenantId,
        integrationRunNotification(run, outcome.state, stepName),
      );
      return { runs, written, comment, notified };
    });
    // Another attempt at this run recorded it first.
    if (!done) return [];
    const events: OutgoingEvent[] = [integrationRunEvent(tenantId, run, outcome.state)];
    if (done.written.length > 0) events.push(connectorAnsweredEvent(tenantId, run, done.written));
    realtime.publish([...events, ...done.notified]);
    await announceComment(done.comment).catch((error: unknown) =>
      options.log(error instanceof Error ? error : new Error(String(error)), 'integration result comment'),
    );
    return done.runs;
  }

  async function run(
    tenantId: string,
    runId: string,
    how: { reclaim?: boolean } = {},
  ): Promise<IntegrationRunState | 'skipped'> {
    const claimed = await withTenant(db, tenantId, async (tx) => {
      const found = await integrationRunsRepository.find(tx, tenantId, runId);
      if (!found) return undefined;
      if (!(await integrationRunsRepository.claim(tx, runId, { reclaim: how.reclaim ?? false })))
        return undefined;
      const input = await loadInput(tx, tenantId, found);
      const stepName = input?.step.name ?? found.step_tag;
      const notified = await recordNotifications(
        tx,
        tenantId,
        integrationRunNotification(found, 'started', stepName),
      );
      return { run: found, input, stepName, notified };
    });
    if (!claimed) return 'skipped';
    realtime.publish([integrationRunEvent(tenantId, claimed.run, 'started'), ...claimed.notified]);
    // The connector runs between two transactions, so it may call other systems (STYLE rule 8).
    let outcome: RunOutcome;
    try {
      const done = await execute(claimed.run.connector, claimed.input);
      outcome = { state: 'finished', result: done.result, error: null, answers: done.answers };
    } catch (caught) {
      if (!(caught instanceof ConnectorError)) {
        options.log(caught instanceof Error ? caught : new Error(String(caught)), 'integration run');
      }
      const error = caught instanceof ConnectorError ? caught.message : CONNECTOR_FAILED_MESSAGE;
      outcome = { state: 'failed', result: null, error, answers: {} };
    }
    try {
      await dispatch(await finish(tenantId, claimed.run, outcome, claimed.stepName));
      return outcome.state;
    } catch (caught) {
      // Recording the outcome failed (its answers broke a rule, the database hiccuped): the run is
      // recorded as failed rather than left running forever.
      options.log(caught instanceof Error ? caught : new Error(String(caught)), 'integration result');
      const failed: RunOutcome = {
        state: 'failed',
        result: null,
        error: CONNECTOR_FAILED_MESSAGE,
        answers: {},
      };
      await finish(tenantId, claimed.run, failed, claimed.stepName);
      return 'failed';
    }
  }

  return {
    queue: queueStepIntegrations,
    dispatch,
    run,
    async runWaiting(tenantId) {
      let ran = 0;
      // Runs may queue further runs (their answers open steps); bounded so a loop cannot spin.
      for (let round = 0; round < 10; round++) {
        const ids = await withTenant(db, tenantId, (tx) =>
          integrationRunsRepository.waitingIds(tx, tenantId, { limit: 500 }),
        );
        if (ids.length === 0) break;
        for (const id of ids) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      }
      return ran;
    },
  };
}
