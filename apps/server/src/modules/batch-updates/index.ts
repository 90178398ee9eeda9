// The batch-updates module's public face (issue 18, plan §5): change many workflows at once,
// previewed item by item, applied and undone as jobs.

// The person a job acts for, as a request of theirs would (also a workflows import's update and undo).
export { batchUpdatesRoutes } from './batch-updates.routes.js';
export { registerBatchUpdateJobs } from './update-jobs.js';
export { type BatchUpdateRunner, createBatchUpdateRunner } from './update-runner.js';
