import { loadConfig } from './config.js';
import { openDatabase } from './db/bootstrap.js';
import { openServices } from './open-services.js';
import { openErrorReporter } from './platform/error-reporting/sentry-reporter.js';
import { handleProcessFaults } from './platform/process-faults.js';
import { createWorkerPublisher } from './platform/realtime/redis-clients.js';

// A process that only runs jobs, for scaling workers apart from API processes.
const config = loadConfig();
// As in main.ts: an unhandled error ends the process, for the supervisor to start a clean one,
// unless it is a lost database connection (platform/process-faults.ts).
const errorReporter = openErrorReporter(config);
handleProcessFaults({
  databaseLost: (error) => console.error('jobs: database connection lost', error),
  fatal: (error, origin) => {
    console.error(origin, error);
    errorReporter.report(error, { tenant: null });
  },
  flush: () => errorReporter.flush(2000),
});
const database = await openDatabase(config, (source, error) => console.error(source, error));
// No socket.io server here: the workers' live events reach the API processes' sockets through the
// Redis emitter when REDIS_URL is set, and are dropped otherwise.
const events = createWorkerPublisher(config, (error, context) => console.error(context, error));
if (!config.REDIS_URL) console.warn('REDIS_URL is not set: live events from jobs are not published.');
const jobs = await openServices({
  config,
  adminUrl: database.adminUrl,
  pools: database,
  realtime: events.publisher,
  log: (error) => console.error('jobs', error),
});
await jobs.start({ runWorkers: true });
console.log('Attest worker is running.');

async function shutdown(): Promise<void> {
  await jobs.stop();
  await events.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
