import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLeftoverPostgres } from './leftover-postgres.js';

let dataDir: string;
let lockFile: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'attest-leftover-'));
  await mkdir(path.join(dataDir, 'pg'));
  lockFile = path.join(dataDir, 'pg', 'postmaster.pid');
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const writeLock = (pid: number) => writeFile(lockFile, `${pid}\n${path.join(dataDir, 'pg')}\n0\n5488\n`);

describe('a postmaster.pid left in our data folder', () => {
  it('is removed when its process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeLock(gone);
    expect(await findLeftoverPostgres(dataDir, path.join(dataDir, 'pg'))).toBeNull();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('is removed when its pid now names another program, which is left alone', async () => {
    await writeLock(process.pid);
    expect(await findLeftoverPostgres(dataDir, path.join(dataDir, 'pg'))).toBeNull();
    expect(existsSync(lockFile)).toBe(false);
  });
});
