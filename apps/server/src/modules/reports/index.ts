// The reports module's public face: what the rest of the server may use.

export { reportCsv } from './report-data.service.js';
export {
  createReportSubscriptionRunner,
  type ReportSubscriptionRunner,
  registerReportSubscriptionJobs,
} from './report-subscription-jobs.js';
export { nextRunAfter, wallClockAt } from './report-subscription-schedule.js';
export { reportSubscriptionsRoutes } from './report-subscriptions.routes.js';
export { reportVisibility } from './report-visibility.js';
export { reportsRoutes } from './reports.routes.js';
