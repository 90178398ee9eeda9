import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type BackgroundErrorLog, openDatabase } from './db/bootstrap.js';
import { seedDemoTenants } from './db/seed/demo-tenants.js';
import { openServices } from './open-services.js';
import { openErrorReporter } from './platform/error-reporting/sentry-reporter.js';
import { handleProcessFaults } from './platform/process-faults.js';
import type { ServiceLog } from './services.js';

const config = loadConfig();
// First, so that a failure while starting is reported too (nothing without SENTRY_DSN).
const errorReporter = openErrorReporter(config);
let logError: BackgroundErrorLog = (source, error) => console.error(source, error);
let logFatal = (error: unknown, origin: string) => console.error(origin, error);
// An unhandled error ends the process, unless it is a lost database connection (platform/process-faults.ts).
handleProcessFaults({
  databaseLost: (error) => logError('jobs', error instanceof Error ? error : new Error(String(error))),
  fatal: (error, origin) => {
    logFatal(error, origin);
    errorReporter.report(error, { tenant: null });
  },
  flush: () => errorReporter.flush(2000),
});

const database = await openDatabase(config, (source, error) => logError(source, error));
// Runners log through the app's logger once it exists.
let logService: ServiceLog = (error, context) => console.error(context, error);
// The job queue opens first: the services hand e-mail deliveries and runs to it. Its workers publish
// live events through this process's socket.io server once buildApp attached it (which fans out
// over Redis when set).
const jobs = await openServices({
  config,
  adminUrl: database.adminUrl,
  pools: database,
  log: (error, context) => logService(error, context),
  queueLog: (error) => logError('jobs', error),
});
const { services } = jobs;
if (config.SEED_DEMO && (await seedDemoTenants(database, services.files))) {
  console.log('Seeded the demo tenants acme and globex.');
}
await jobs.start({ runWorkers: config.RUN_WORKERS });
const app = await buildApp({ services, errorReporter });
logService = (error, context) => app.log.error({ err: error }, context);
// Pool errors carry whole client objects; the message and SQLSTATE are what an operator needs.
logError = (source, error) =>
  app.log.error(
    { source, message: error.message, code: (error as { code?: string }).code },
    'background database error',
  );
logFatal = (error, origin) => app.log.fatal({ err: error, origin }, 'unhandled error, exiting');

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`Attest is running: open http://${config.DEFAULT_TENANT}.${config.BASE_DOMAIN}:${config.PORT}`);

// SIGTERM: stop accepting, let in-flight requests finish, stop the workers, then the database.
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await app.close();
  app.log.info('shutdown: requests finished');
  await jobs.stop();
  app.log.info('shutdown: job workers stopped');
  await database.close();
  app.log.info('shutdown: database closed');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
