import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type BackgroundErrorLog, openDatabase } from './db/bootstrap.js';
import { seedDemoTenants } from './db/seed/demo-tenants.js';
import { startJobQueue } from './jobs.js';
import { createFileStore } from './platform/files/create-file-store.js';
import { handleProcessFaults } from './platform/process-faults.js';
import { createDeferredPublisher } from './platform/realtime/realtime-publisher.js';

const config = loadConfig();
let logError: BackgroundErrorLog = (source, error) => console.error(source, error);
let logFatal = (error: unknown, origin: string) => console.error(origin, error);
// An unhandled error ends the process, unless it is a lost database connection (platform/process-faults.ts).
handleProcessFaults({
  databaseLost: (error) => logError('jobs', error instanceof Error ? error : new Error(String(error))),
  fatal: (error, origin) => logFatal(error, origin),
});

const database = await openDatabase(config, (source, error) => logError(source, error));
if (config.SEED_DEMO && (await seedDemoTenants(database.adminDb, createFileStore(config)))) {
  console.log('Seeded the demo tenants acme and globex.');
}
// The job queue starts first: the app hands e-mail deliveries to it. Its workers publish live events
// through this process's socket.io server once the app has it (which fans out over Redis when set).
const workerEvents = createDeferredPublisher();
const jobs = await startJobQueue({
  config,
  adminUrl: database.adminUrl,
  adminDb: database.adminDb,
  appDb: database.db,
  runWorkers: config.RUN_WORKERS,
  realtime: workerEvents,
  log: (error) => logError('jobs', error),
});
const app = await buildApp({ config, db: database.db, jobs: jobs.boss });
workerEvents.forwardTo(app.realtime);
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
