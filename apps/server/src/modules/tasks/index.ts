// The tasks module's public face (issue 16): the task inbox and the actions on tasks.

// Claim, unclaim, reassign, follow-up and delegations (task-actions / task-delegations routes); the
// hooks app.ts gives the workflow step routes (on whose behalf, live 'tasks.changed').
export { taskActionsRoutes } from './task-actions.routes.js';
export { taskChangeHooks } from './task-change-hooks.js';
export { taskDelegationsRoutes } from './task-delegations.routes.js';
// The inbox: a tab's page and the tabs' counts (tasks.routes.ts).
export { tasksRoutes } from './tasks.routes.js';
