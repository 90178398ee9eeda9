import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.js';
import { administrationRoutes } from './modules/administration/administration.routes.js';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.js';
import { claimTokensRoutes } from './modules/auth/claim-tokens/claim-tokens.routes.js';
import { emailSignInRoutes } from './modules/auth/email-sign-in/email-sign-in.routes.js';
import { invitationsRoutes } from './modules/auth/invitations/invitations.routes.js';
import { ssoRoutes } from './modules/auth/sso/sso.routes.js';
import { ssoAdminRoutes } from './modules/auth/sso/sso-admin.routes.js';
import { configurationRoutes } from './modules/configuration/configuration.routes.js';
import { createExportRunner } from './modules/exports/export-runner.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes.js';
import { createIntegrationRunner } from './modules/integrations/integration-runner.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.js';
import { mentionsRoutes } from './modules/mentions/mentions.routes.js';
import { subscriptionsRoutes } from './modules/mentions/subscriptions.routes.js';
import { createThreadEmails } from './modules/mentions/thread-emails.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { preferencesRoutes } from './modules/preferences/preferences.routes.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { createReportSubscriptionRunner } from './modules/reports/report-subscription-jobs.js';
import { reportSubscriptionsRoutes } from './modules/reports/report-subscriptions.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { workflowListRoutes } from './modules/workflow-list/workflow-list.routes.js';
import { workflowActionsRoutes } from './modules/workflows/workflow-actions.routes.js';
import { workflowKindsRoutes } from './modules/workflows/workflow-kinds.routes.js';
import { workflowRecordsRoutes } from './modules/workflows/workflow-records.routes.js';
import { workflowsRoutes } from './modules/workflows/workflows.routes.js';
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
import { mayListenToWorkflow } from './modules/workflows/workflow-channel-rule.js';
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
  usersRoutes,
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
