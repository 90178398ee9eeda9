import {
  evaluateWorkflow,
  type WorkflowDefinition,
  type WorkflowSnapshot,
  type WorkflowState,
} from '@attest/shared';
import type { OutgoingEvent, RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { materialiseWorkflow } from './materialise.js';
import type { StepEvent } from './step-rows.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import type { LoadedWorkflow } from './workflow-loader.js';

// What the workflows module needs of the integrations runner (modules/integrations): queue runs for
// the integration steps an action opened, in the action's transaction; dispatch them after commit.
export type StepIntegrations = {
  queue(
    tx: Tx,
    input: {
      tenantId: string;
      workflowId: string;
      definition: WorkflowDefinition;
      stepTags: readonly string[];
      userId: string | null;
    },
  ): Promise<readonly object[]>;
  dispatch(runs: readonly object[]): Promise<void>;
};

// What the tasks module (issue 16, wired by app.ts; workflows never import it) adds to a step's
// submit or undo, in its transaction: on whose behalf the actor acts (an active delegation, recorded
// in the activity log), and the live events of the people whose task lists the steps touch.
export type TaskHooks = {
  onBehalfOf(
    tx: Tx,
    ctx: UserContext,
    workflowId: string,
    stepTag: string,
  ): Promise<{ id: number; name: string } | null>;
  changed(
    tx: Tx,
    ctx: UserContext,
    workflowId: string,
    stepTags: readonly string[],
  ): Promise<readonly OutgoingEvent[]>;
};

// `realtime` publishes the action's live events once its transaction has committed.
export type ChangeHooks = {
  integrations: StepIntegrations | null;
  realtime: RealtimePublisher;
  tasks?: TaskHooks | null;
};
// statusId: the workflow's new status when the change moved it, else null.
export type AppliedChange = {
  snapshot: WorkflowSnapshot;
  opened: string[];
  // Steps open before the change and not after (a submitted step, those an undo closes again).
  closed: string[];
  runs: readonly object[];
  statusId: string | null;
};

// After any change of state (answer, submit, undo): the rows the engine's new snapshot implies, and
// integration runs for the steps that opened because of it.
export async function applyChange(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  state: WorkflowState,
  event: StepEvent,
  hooks: ChangeHooks,
): Promise<AppliedChange> {
  const previous = evaluateWorkflow(loaded.definition, loaded.state);
  const before = new Set(previous.enabled_steps);
  const snapshot = await materialiseWorkflow(tx, {
    tenantId: ctx.tenant.id,
    workflow: loaded.row,
    definition: loaded.definition,
    state,
    event,
    at: new Date(),
    actorId: ctx.auth.user.id,
  });
  // An undone step re-opens too, so its integration runs again.
  const opened = snapshot.enabled_steps.filter((tag) => !before.has(tag));
  const runs =
    hooks.integrations && opened.length > 0
      ? await hooks.integrations.queue(tx, {
          tenantId: ctx.tenant.id,
          workflowId: loaded.row.id,
          definition: loaded.definition,
          stepTags: opened,
          userId: ctx.auth.user.id,
        })
      : [];
  const statusId =
    snapshot.status === previous.status
      ? null
      : (await workflowKindsRepository.statusIdOf(tx, loaded.row.kind_id, snapshot.status)).id;
  const after = new Set(snapshot.enabled_steps);
  const closed = previous.enabled_steps.filter((tag) => !after.has(tag));
  return { snapshot, opened, closed, runs, statusId };
}
