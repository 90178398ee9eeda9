// The batch-updates module's public face (issue 18, plan §5): change many workflows at once,
// previewed item by item, applied and undone as jobs.
export { batchUpdatesRoutes } from './batch-updates.routes.js';
export { registerBatchUpdateJobs } from './update-jobs.js';
export { type BatchUpdateRunner, createBatchUpdateRunner } from './update-runner.js';
