// The workflow engine's public face: what the rest of the server (and the second wave: studio, tasks,
// records, flows, reports) builds on. docs/workflows.md ("Public face") says what each export
// guarantees. Nothing outside this folder imports its inner files.

// Create workflows: one for a user under the API's rules, or many at once in the caller's transaction.

export { type CurrentKind, createWorkflow, currentKind } from './create-workflow.service.js';
export { createWorkflows, type NewWorkflow } from './create-workflows.js';
export { type MaterialiseInput, materialiseWorkflow } from './materialise.js';

// Publish a definition, and load one (cached: a published version never changes).

export { loadDefinition } from './definition-cache.js';
export { kindChanges } from './kind-changes.js';
export { type PublishedDefinition, publishDefinition } from './publish-definition.js';

// Test workflows (issue 15): a studio deployment to a test environment publishes test definitions
// (never a kind's current one); createWorkflow's `test` form starts workflows on them, marked with
// the environment; they are listed and purged per environment.

export type { TestStart } from './create-workflow.service.js';
export { publishTestDefinition } from './publish-test-definition.js';
export { purgeTestWorkflows, testWorkflowsPage } from './test-workflows.js';

// Workflow access: one workflow, every list (of workflows, and of the places whose workflows a user
// may see; of the workflows a user may change), and the loaders that check it first.

// Who may reassign steps (the coordinator's 'Can undo a step'): the tasks module's reassignment too.
export { REASSIGN_PERMISSION } from './step-assignee-rule.js';
export { placeAccess, workflowAccess } from './workflow-access.js';
export {
  changeableWorkflowsFilter,
  placeGrantFilter,
  usersSeeingWorkflow,
  visibleBusinessUnitsFilter,
  visibleRegionsFilter,
  visibleWorkflowsFilter,
} from './workflow-access.repository.js';
export {
  currentAnswers,
  type LoadedWorkflow,
  loadChangeableWorkflow,
  loadVisibleWorkflow,
} from './workflow-loader.js';

// Moving running workflows to another definition of their kind (the studio's moves, issue 15).

export {
  createDefinitionMover,
  type DroppedStep,
  loadMoveTarget,
  type MoveCandidateRow,
  type MoveOneInput,
  type MoveTarget,
  type OlderWorkflowsScope,
  olderRunningWorkflows,
  type WorkflowMoveFacts,
} from './definition-moves.js';

// Answer and step changes.

export { answersRepository } from './answers.repository.js';
export { saveAnswer, saveAnswerIn } from './answers.service.js';
export { addStepUserIn, removeStepUserIn, stepAssignees } from './step-users.service.js';
export { actOnStep } from './steps.service.js';
// A workflow's region and business unit (batch updates, issue 18).
export { businessUnitRegion, moveWorkflowPlace, type WorkflowPlace } from './workflow-place.service.js';

// Change hooks: what a change hands on (integration runs to queue, live events to publish).

export type { ChangeHooks, StepIntegrations, TaskHooks } from './apply-change.js';

// Events and the activity log.

export { type ActivityInput, recordActivity } from './workflow-activity.js';
export { mayListenToWorkflow } from './workflow-channel-rule.js';
export { actorOf as workflowActorOf, workflowEvents } from './workflow-events.js';

// Errors: the refusals every workflow action answers with.

export { answerRefusal, stepRefusal, workflowForbidden, workflowRefusal } from './workflow-errors.js';

// Routes, registered by app.ts.

export { workflowActionsRoutes } from './workflow-actions.routes.js';
export { workflowKindsRoutes } from './workflow-kinds.routes.js';
export { workflowRecordsRoutes } from './workflow-records.routes.js';
export { workflowsRoutes } from './workflows.routes.js';
