import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { type ServerProcess, spawnServer, stopServer, waitForHealthy } from '../test/server-process.js';
import { isAlive } from './leftover-postgres.js';

// Real processes: the server is killed with SIGKILL, so nothing of its own shutdown runs, and its
// embedded PostgreSQL is left running on the data folder and port.
let dataDir: string | undefined;
const servers: ServerProcess[] = [];

const postmasterPid = async (dir: string): Promise<number | null> => {
  try {
    const pid = Number.parseInt(
      (await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
};

afterAll(async () => {
  for (const server of servers) await stopServer(server, 5000);
  if (dataDir) {
    const pid = await postmasterPid(dataDir);
    if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('a server killed with SIGKILL', () => {
  it('starts again the same way, and its orderly stop then stops the database too', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'attest-crash-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    const first = spawnServer(env);
    servers.push(first);
    await waitForHealthy(first);
    const leftover = await postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    // The fault is real: the old PostgreSQL still holds the folder and the port.
    expect(leftover !== null && isAlive(leftover)).toBe(true);

    const second = spawnServer(env);
    servers.push(second);
    await waitForHealthy(second);
    expect((await fetch(`${second.baseUrl}/api/health/`)).status).toBe(200);

    const running = await postmasterPid(dataDir);
    await stopServer(second);
    expect(await second.exited).toBe(0);
    for (const pid of [leftover, running]) expect(pid !== null && isAlive(pid)).toBe(false);
    expect(await postmasterPid(dataDir)).toBeNull();
  }, 90_000);
});
