// The workflows module's public face: what the rest of the server may use.
export { answersRepository } from './answers.repository.js';
export { currentKind } from './create-workflow.service.js';
export { createWorkflows, type NewWorkflow } from './create-workflows.js';
export { loadDefinition } from './definition-cache.js';
export { materialiseWorkflow } from './materialise.js';
export { publishDefinition } from './publish-definition.js';
export { workflowAccess } from './workflow-access.js';
export { visibleWorkflowsFilter } from './workflow-access.repository.js';
export { workflowActionsRoutes } from './workflow-actions.routes.js';
export { recordActivity } from './workflow-activity.js';
export { mayListenToWorkflow } from './workflow-channel-rule.js';
export { answerRefusal, workflowRefusal } from './workflow-errors.js';
export { workflowKindsRoutes } from './workflow-kinds.routes.js';
export { currentAnswers, loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';
export { workflowRecordsRoutes } from './workflow-records.routes.js';
export { workflowsRoutes } from './workflows.routes.js';
