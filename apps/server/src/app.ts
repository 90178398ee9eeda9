import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountSecurityRoutes } from './modules/account-security/index.js';
import { administrationRoutes } from './modules/administration/index.js';
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
import { configurationRoutes } from './modules/configuration/index.js';
import { createExportRunner, exportsRoutes } from './modules/exports/index.js';
import { impersonationRoutes } from './modules/impersonation/index.js';
import { createIntegrationRunner, integrationsRoutes } from './modules/integrations/index.js';
import { mailboxRoutes } from './modules/mailbox/index.js';
import { createThreadEmails, mentionsRoutes, subscriptionsRoutes } from './modules/mentions/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { preferencesRoutes } from './modules/preferences/index.js';
import { regionsRoutes } from './modules/regions/index.js';
import {
  createReportSubscriptionRunner,
  reportSubscriptionsRoutes,
  reportsRoutes,
} from './modules/reports/index.js';
import { usersRoutes } from './modules/users/index.js';
import { workflowListRoutes } from './modules/workflow-list/index.js';
import {
  workflowActionsRoutes,
  workflowKindsRoutes,
  workflowRecordsRoutes,
  workflowsRoutes,
} from './modules/workflows/index.js';
import { registerAccessControl } from './platform/access-control.js';
import { registerCsrfProtection } from './platform/auth/csrf-hook.js';
import { registerImpersonationGuard } from './platform/auth/impersonation-guard.js';
import { registerSessions } from './platform/auth/session-hook.js';
import { createCaptchaGuard } from './platform/captcha/captcha-guard.js';
import type { CaptchaVerifierFactory } from './platform/captcha/captcha-verifier.js';
import { hcaptchaVerifier } from './platform/captcha/hcaptcha-verifier.js';
import { createSecretBox } from './platform/crypto/secret-box.js';
import { registerErrorHandler } from './platform/error-handler.js';
import './platform/fastify-types.js';
import { mayListenToWorkflow } from './modules/workflows/index.js';
import { createFileStore } from './platform/files/create-file-store.js';
import { healthRoutes } from './platform/health.js';
import { answerFrameworkError, registerInputGuards } from './platform/input-guards.js';
import { createMailer, type JobSender } from './platform/mail/mailer.js';
import { registerOpenApi } from './platform/openapi.js';
import { realtimeRoutes } from './platform/realtime/realtime.routes.js';
import { attachRealtimeServer } from './platform/realtime/socket-server.js';
import { registerTenancy } from './platform/tenancy/tenancy-hook.js';
import { createTenantDirectory } from './platform/tenancy/tenant-directory.js';
import { registerWebApp } from './platform/web-app.js';

// Each business area registers its own routes; add new modules to this list.
const MODULES = [
  healthRoutes,
  configurationRoutes,
  passwordRoutes,
  usersRoutes,
  mfaRoutes,
  accountSecurityRoutes,
  emailSignInRoutes,
  mailboxRoutes,
  claimTokensRoutes,
  invitationsRoutes,
  administrationRoutes,
  regionsRoutes,
  impersonationRoutes,
  ssoRoutes,
  ssoAdminRoutes,
  attachmentsRoutes,
  integrationsRoutes,
  workflowKindsRoutes,
  workflowsRoutes,
  workflowActionsRoutes,
  workflowRecordsRoutes,
  workflowListRoutes,
  exportsRoutes,
  preferencesRoutes,
  reportsRoutes,
  reportSubscriptionsRoutes,
  mentionsRoutes,
  subscriptionsRoutes,
  notificationsRoutes,
  realtimeRoutes({ workflow: mayListenToWorkflow }),
];

export async function buildApp(options: {
  config: Config;
  db: Db;
  logger?: boolean;
  // The job queue that delivers e-mail over SMTP and runs integrations; without it (tests, tools),
  // mail.deliverQueued() and integrations.runWaiting() do.
  jobs?: JobSender | null;
  // Tests pass a local verifier; production checks with hCaptcha.
  captchaVerifier?: CaptchaVerifierFactory;
}): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tenants', createTenantDirectory(db, config.TENANT_CACHE_TTL_MS));
  app.decorate(
    'mail',
    createMailer({
      config,
      db,
      jobs: options.jobs ?? null,
      log: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  app.decorate('files', createFileStore(config));
  app.decorate(
    'threadEmails',
    createThreadEmails({
      config,
      db,
      mail: app.mail,
      jobs: options.jobs ?? null,
      log: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  // socket.io on this server's port; app.realtime publishes to its channels (issue 6).
  app.decorate('realtime', attachRealtimeServer(app));
  app.decorate(
    'integrations',
    createIntegrationRunner({
      db,
      jobs: options.jobs ?? null,
      realtime: app.realtime,
      announceComment: (effects) => app.threadEmails.announce(effects, app.realtime),
      log: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  app.decorate(
    'workflowExports',
    createExportRunner({
      db,
      files: app.files,
      jobs: options.jobs ?? null,
      log: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  app.decorate(
    'reportSubscriptions',
    createReportSubscriptionRunner({
      config,
      db,
      mail: app.mail,
      jobs: options.jobs ?? null,
      log: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  app.decorate(
    'captcha',
    createCaptchaGuard({
      db,
      secretBox: createSecretBox(config.SECRET_KEY),
      verifierFor: options.captchaVerifier ?? hcaptchaVerifier,
    }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  await registerOpenApi(app);
  // Order matters: tenant, then session, then CSRF (which needs the session), then access rules.
  registerTenancy(app);
  registerSessions(app);
  registerCsrfProtection(app);
  // The impersonation guard precedes the access rules, so a nested impersonation answers 434 rather
  // than a missing permission of the impersonated user; both run before body validation.
  registerImpersonationGuard(app);
  registerAccessControl(app);
  // Depth, UTF-8 and NUL limits of every request (issue 12), after the access rules.
  registerInputGuards(app);

  for (const module of MODULES) await app.register(module);
  await registerWebApp(app);
  return app;
}
