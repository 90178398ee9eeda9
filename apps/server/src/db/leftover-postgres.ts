import { execFile } from 'node:child_process';
import { readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

// A PostgreSQL that outlived the process that started it (kill -9, power cut of the parent only)
// keeps our data folder and port, so a new start would fail. This file finds it and says whether
// another live Attest process still uses it.

export type Leftover = { pid: number; port: number; inUse: boolean };

// The Attest process that started the cluster, beside (not inside) the cluster's own folder.
const ownerFile = (dataDir: string) => path.join(dataDir, 'pg-owner.pid');

export async function recordOwner(dataDir: string): Promise<void> {
  await writeFile(ownerFile(dataDir), `${process.pid}\n`);
}

export async function forgetOwner(dataDir: string): Promise<void> {
  await rm(ownerFile(dataDir), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// postmaster.pid: line 1 the postmaster's pid, line 2 its data folder, line 4 its port.
export async function findLeftoverPostgres(dataDir: string, databaseDir: string): Promise<Leftover | null> {
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  const lines = await readLines(lockFile);
  if (!lines) return null;
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgresOf(pid, databaseDir))) {
    // The pid is gone or now someone else's: the file is stale, and PostgreSQL refuses to start
    // while it names a live process of its own user.
    await rm(lockFile, { force: true });
    return null;
  }
  const owner = Number.parseInt((await readLines(ownerFile(dataDir)))?.[0] ?? '', 10);
  const ownerAlive = Number.isInteger(owner) && owner !== process.pid && isAlive(owner);
  // The postmaster is its owner's child; once the owner died it was handed to init (or a subreaper).
  const parent = await parentOf(pid);
  return { pid, port, inUse: ownerAlive && (parent === null || parent === owner) };
}

// What `pg_ctl stop -m fast` does (SIGINT: roll back, disconnect, checkpoint), without needing to
// run as the cluster's OS user; then SIGQUIT (immediate, recovered at the next start) if it hangs.
export async function stopLeftoverPostgres(pid: number, log?: (message: string) => void): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    log?.(`Stopping the PostgreSQL left running by a previous start (pid ${pid}, ${signal}).`);
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, waitMs)) return;
  }
  throw new Error(`The PostgreSQL left running by a previous start (pid ${pid}) did not stop.`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

async function readLines(file: string): Promise<string[] | null> {
  try {
    return (await readFile(file, 'utf8')).split('\n').map((line) => line.trim());
  } catch {
    return null;
  }
}

// On Linux the postmaster's working folder is its data folder; elsewhere `ps` names the program.
async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  try {
    return (await readlink(`/proc/${pid}/cwd`)) === (await realpath(databaseDir));
  } catch {
    const command = await ps(pid, 'comm=');
    return command === null || path.basename(command) === 'postgres';
  }
}

async function parentOf(pid: number): Promise<number | null> {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ')'.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  } catch {
    const parent = Number.parseInt((await ps(pid, 'ppid=')) ?? '', 10);
    return Number.isInteger(parent) ? parent : null;
  }
}

async function ps(pid: number, format: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', format, '-p', String(pid)]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}
