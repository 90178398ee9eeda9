// The benchmark's own database, shared by the 1M seed and the dashboard benchmark: an embedded
// PostgreSQL in a dedicated folder (BENCH_DATA_DIR, default ./data/bench-pg; port BENCH_PG_PORT,
// default 5499) kept between runs, so the seed runs once and the benchmark many times. DATABASE_URL
// points both at another server instead.
import path from 'node:path';
import { type Config, loadConfig, REPO_ROOT } from '../apps/server/src/config.js';
import { type OpenDatabase, openDatabase } from '../apps/server/src/db/bootstrap.js';
import { alignWithPeerSettings } from './bench-settings.js';

export const BENCH_TENANT_SLUG = 'bench1m';
export const BENCH_USER_EMAIL = 'bench@bench1m.test';
export const BENCH_PASSWORD = 'bench-password-1m';
export const BENCH_DATA_DIR = path.resolve(
  process.env.BENCH_DATA_DIR ?? path.join(REPO_ROOT, 'data/bench-pg'),
);

export function benchConfig(): Config {
  return loadConfig({
    // What production runs: responses written without the zod check of every other environment.
    NODE_ENV: 'production',
    ...process.env,
    DATA_DIR: BENCH_DATA_DIR,
    EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '5499',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
  });
}

export async function openBenchDatabase(config: Config): Promise<OpenDatabase> {
  // Ctrl-C or a kill: exit through 'exit', whose listener stops the embedded cluster (a signal's
  // default action would leave it running, holding the port and the folder).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const open = await openDatabase(config, (source, error) => console.error(`[${source}] ${error.message}`));
  const pending = await alignWithPeerSettings(open.adminDb);
  if (pending.length > 0) {
    console.warn(
      `The bench cluster needs a restart for ${pending.join(', ')} (stop every bench process, then run again).`,
    );
  }
  return open;
}
