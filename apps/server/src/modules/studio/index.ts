// The studio module's public face (issue 15; docs/studio.md): its routes, registered by app.ts.

// The demo seed: the demo kinds as the first version of a demo app.
export { type DemoStudioApp, seedDemoStudioApp } from './demo-app.js';
// Moving running workflows to a new version: its routes and its job.
export { createWorkflowMoveRunner, registerWorkflowMoveJobs, type WorkflowMoveRunner } from './move-jobs.js';
export { studioAppsRoutes } from './studio-apps.routes.js';
export { studioMergeRoutes } from './studio-merge.routes.js';
export { studioPackagesRoutes } from './studio-packages.routes.js';
export { studioSettingsRoutes } from './studio-settings.routes.js';
export { studioTestWorkflowsRoutes } from './studio-test-workflows.routes.js';
export { studioVersionsRoutes } from './studio-versions.routes.js';
export { studioMovesRoutes } from './workflow-moves.routes.js';
