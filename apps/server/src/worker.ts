import { loadConfig } from './config.js';
import { openDatabase } from './db/bootstrap.js';
import { startJobQueue } from './platform/jobs/job-queue.js';

// A process that only runs jobs, for scaling workers apart from API processes.
const config = loadConfig();
const database = await openDatabase(config, (source, error) => console.error(source, error));
const jobs = await startJobQueue({
  config,
  adminUrl: database.adminUrl,
  adminDb: database.adminDb,
  appDb: database.db,
  runWorkers: true,
  log: (error) => console.error('jobs', error),
});
console.log('Attest worker is running.');

async function shutdown(): Promise<void> {
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
