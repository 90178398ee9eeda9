// The scheduler module's public face: what the rest of the server may use.

export { schedulerRoutes } from './scheduler.routes.js';
export { registerSchedulerJobs } from './scheduler-jobs.js';
export { createSchedulerRunner, type SchedulerRunner } from './scheduler-runner.js';
