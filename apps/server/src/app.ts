import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { accountSecurityRoutes } from './modules/account-security/index.js';
import { administrationRoutes, apiTokensRoutes } from './modules/administration/index.js';
import { attachmentsRoutes } from './modules/attachments/index.js';
import {
  claimTokensRoutes,
  emailSignInRoutes,
  invitationsRoutes,
  mfaRoutes,
  passwordRoutes,
  ssoAdminRoutes,
  ssoRoutes,
} from './modules/auth/index.js';
import { badgesRoutes } from './modules/badges/index.js';
import { batchImportsRoutes } from './modules/batch-imports/index.js';
import { batchUpdatesRoutes } from './modules/batch-updates/index.js';
import { configurationRoutes, globalSettingsRoutes } from './modules/configuration/index.js';
import { exportsRoutes } from './modules/exports/index.js';
import { homeRoutes } from './modules/home/index.js';
import { impersonationRoutes } from './modules/impersonation/index.js';
import { integrationsRoutes } from './modules/integrations/index.js';
import { mailboxRoutes } from './modules/mailbox/index.js';
import { mentionsRoutes, subscriptionsRoutes } from './modules/mentions/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { preferencesRoutes } from './modules/preferences/index.js';
import { recordsRoutes } from './modules/records/index.js';
import { placesAdminRoutes, regionsRoutes } from './modules/regions/index.js';
import { reportSubscriptionsRoutes, reportsRoutes } from './modules/reports/index.js';
import { schedulerRoutes } from './modules/scheduler/index.js';
import { searchRoutes } from './modules/search/index.js';
import {
  studioAppsRoutes,
  studioMergeRoutes,
  studioMovesRoutes,
  studioPackagesRoutes,
  studioSettingsRoutes,
  studioTestWorkflowsRoutes,
  studioVersionsRoutes,
} from './modules/studio/index.js';
import {
  taskActionsRoutes,
  taskChangeHooks,
  taskDelegationsRoutes,
  tasksRoutes,
} from './modules/tasks/index.js';
import { usersRoutes } from './modules/users/index.js';
import { workflowListRoutes } from './modules/workflow-list/index.js';
import {
  workflowActionsRoutes,
  workflowKindsRoutes,
  workflowRecordsRoutes,
  workflowsRoutes,
} from './modules/workflows/index.js';
import { registerAccessControl } from './platform/access-control.js';
import { registerAdmission } from './platform/admission/admission-hook.js';
import { admissionSettings } from './platform/admission/admission-settings.js';
import { registerApiTokens } from './platform/auth/api-token-hook.js';
import { registerCsrfProtection } from './platform/auth/csrf-hook.js';
import { registerImpersonationGuard } from './platform/auth/impersonation-guard.js';
import { registerSessions } from './platform/auth/session-hook.js';
import { registerErrorHandler } from './platform/error-handler.js';
import type { ErrorReporter } from './platform/error-reporting/error-reporter.js';
import { openErrorReporter } from './platform/error-reporting/sentry-reporter.js';
import './platform/fastify-types.js';
import { mayListenToWorkflow } from './modules/workflows/index.js';
import { healthRoutes } from './platform/health.js';
import { answerFrameworkError, registerInputGuards } from './platform/input-guards.js';
import { registerOpenApi } from './platform/openapi.js';
import { readReplicaOf } from './platform/read-replica/read-only.js';
import { registerReadYourWrites } from './platform/read-replica/read-your-writes.js';
import { realtimeRoutes } from './platform/realtime/realtime.routes.js';
import { attachRealtimeServer } from './platform/realtime/socket-server.js';
import { responseSerializer } from './platform/response-serializer.js';
import { registerMaintenanceGate, registerTenancy } from './platform/tenancy/tenancy-hook.js';
import { registerWebApp } from './platform/web-app.js';
import type { Services } from './services.js';

// A module's routes: a Fastify plugin given the process's services as its options, of which it
// declares only the part it uses (e.g. ExportsRouteDeps).
type ModuleRoutes = FastifyPluginAsync<Services>;

// Each business area registers its own routes; add new modules to this list.
const MODULES: ModuleRoutes[] = [
  healthRoutes,
  configurationRoutes,
  globalSettingsRoutes,
  passwordRoutes,
  usersRoutes,
  mfaRoutes,
  accountSecurityRoutes,
  emailSignInRoutes,
  mailboxRoutes,
  claimTokensRoutes,
  invitationsRoutes,
  administrationRoutes,
  apiTokensRoutes,
  regionsRoutes,
  placesAdminRoutes,
  impersonationRoutes,
  ssoRoutes,
  ssoAdminRoutes,
  attachmentsRoutes,
  integrationsRoutes,
  workflowKindsRoutes,
  workflowsRoutes,
  // Issue 16: step submit, undo and assignee changes consult the tasks module (on whose behalf, live
  // task events).
  (app, services) => workflowActionsRoutes(app, { ...services, tasks: taskChangeHooks }),
  (app, services) => workflowRecordsRoutes(app, { ...services, tasks: taskChangeHooks }),
  workflowListRoutes,
  recordsRoutes,
  batchImportsRoutes,
  batchUpdatesRoutes,
  badgesRoutes,
  exportsRoutes,
  preferencesRoutes,
  reportsRoutes,
  reportSubscriptionsRoutes,
  schedulerRoutes,
  mentionsRoutes,
  subscriptionsRoutes,
  notificationsRoutes,
  searchRoutes,
  homeRoutes,
  tasksRoutes,
  taskActionsRoutes,
  taskDelegationsRoutes,
  studioAppsRoutes,
  studioTestWorkflowsRoutes,
  studioVersionsRoutes,
  studioMergeRoutes,
  studioPackagesRoutes,
  studioMovesRoutes,
  studioSettingsRoutes,
  realtimeRoutes({ workflow: mayListenToWorkflow }),
];

// errorReporter: the process's (main.ts opens it before anything else); otherwise one from config.
export async function buildApp(options: {
  services: Services;
  logger?: boolean;
  errorReporter?: ErrorReporter;
}): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  });
  // What the platform's own hooks read (tenancy, sessions, access control).
  app.decorate('config', config);
  app.decorate('db', services.db);
  app.decorate('tenants', services.tenants);
  // socket.io on this server's port; the services' publisher hands it every live event from now on
  // (issue 6), those of this process's job workers too.
  services.realtime.forwardTo(attachRealtimeServer(app));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checked: config.NODE_ENV !== 'production' }));
  registerErrorHandler(app, options.errorReporter ?? openErrorReporter(config));

  await app.register(cookie);
  // Issue 17: with a read replica, a request that writes or follows a write reads the primary.
  if (readReplicaOf(services.db)) registerReadYourWrites(app, config.DATABASE_REPLICA_MAX_LAG_MS);
  await registerOpenApi(app);
  // Issue 17: admitted into a bounded lane before any hook reads the database.
  registerAdmission(app, admissionSettings(config));
  // Order matters: tenant, then session, then CSRF (which needs the session), then access rules.
  registerTenancy(app);
  registerSessions(app);
  // Issue 19: a bearer API token instead of the session (and so without CSRF).
  registerApiTokens(app);
  // Issue 19: once it is known who asks, so administrators pass it (tenancy-hook.ts).
  registerMaintenanceGate(app);
  registerCsrfProtection(app);
  // The impersonation guard precedes the access rules, so a nested impersonation answers 434 rather
  // than a missing permission of the impersonated user; both run before body validation.
  registerImpersonationGuard(app);
  registerAccessControl(app);
  // Depth, UTF-8 and NUL limits of every request (issue 12), after the access rules.
  registerInputGuards(app);

  for (const module of MODULES) await app.register(module, services);
  await registerWebApp(app);
  return app;
}
