// The badges module's public face (issue 19): badge definitions, the workflows that hold them and
// the job that keeps the holdings true as workflows change.
export { badgeChipsOf } from './badge-holdings.service.js';
export { registerBadgeJobs } from './badge-jobs.js';
export { refreshTenantBadges } from './badge-refresh.js';
export { badgesRoutes } from './badges.routes.js';
