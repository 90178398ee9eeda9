import { registerUnusedUploadsJobs } from './modules/attachments/index.js';
import { registerBadgeJobs } from './modules/badges/index.js';
import { registerBatchImportJobs } from './modules/batch-imports/index.js';
import { registerBatchUpdateJobs } from './modules/batch-updates/index.js';
import { registerExportJobs } from './modules/exports/index.js';
import { registerIntegrationJobs } from './modules/integrations/index.js';
import { registerThreadEmailJobs } from './modules/mentions/index.js';
import { registerReportSubscriptionJobs } from './modules/reports/index.js';
import { registerSchedulerJobs } from './modules/scheduler/index.js';
import { registerWorkflowMoveJobs } from './modules/studio/index.js';
import type { JobRegistry } from './platform/jobs/job-queue.js';
import { registerSessionCleanupJobs } from './platform/jobs/session-cleanup.js';
import { registerMailJobs } from './platform/mail/mail-delivery-job.js';
import type { Services } from './services.js';

// The jobs of an API or `npm run worker` process, composed here as app.ts composes routes: the
// platform's own, then each area's, all on the process's one set of services.
export function registerJobs(registry: JobRegistry, services: Services): void {
  registerSessionCleanupJobs(registry, services);
  registerMailJobs(registry, services);
  registerIntegrationJobs(registry, services);
  registerUnusedUploadsJobs(registry, services);
  registerExportJobs(registry, services);
  registerThreadEmailJobs(registry, services);
  registerReportSubscriptionJobs(registry, services);
  registerSchedulerJobs(registry, services);
  registerWorkflowMoveJobs(registry, services);
  registerBatchImportJobs(registry, services);
  registerBatchUpdateJobs(registry, services);
  registerBadgeJobs(registry, services);
}
