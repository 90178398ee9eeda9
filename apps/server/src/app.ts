import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { configurationRoutes } from './modules/configuration/configuration.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerAccessControl } from './platform/access-control.js';
import { registerCsrfProtection } from './platform/auth/csrf-hook.js';
import { registerSessions } from './platform/auth/session-hook.js';
import { registerErrorHandler } from './platform/error-handler.js';
import './platform/fastify-types.js';
import { healthRoutes } from './platform/health.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerTenancy } from './platform/tenancy/tenancy-hook.js';
import { createTenantDirectory } from './platform/tenancy/tenant-directory.js';
import { registerWebApp } from './platform/web-app.js';

// Each business area registers its own routes; add new modules to this list.
const MODULES = [healthRoutes, configurationRoutes, usersRoutes];

export async function buildApp(options: {
  config: Config;
  db: Db;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tenants', createTenantDirectory(db, config.TENANT_CACHE_TTL_MS));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  await registerOpenApi(app);
  // Order matters: tenant, then session, then CSRF (which needs the session), then access rules.
  registerTenancy(app);
  registerSessions(app);
  registerCsrfProtection(app);
  registerAccessControl(app);

  for (const module of MODULES) await app.register(module);
  await registerWebApp(app);
  return app;
}
