import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

function runChild(kind: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      path.join(REPO_ROOT, 'apps/server/src/test/process-faults-child.ts'),
      kind,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

// Issue 12, finding 2: pg-boss 10 does not await the complete() or fail() after a job, so a
// PostgreSQL restart leaves a rejection nothing handles; it must not end the API or a worker.
describe('an unhandled rejection in a server process', () => {
  it('is logged and survived when it is a lost database connection', async () => {
    const { code, output } = await runChild('database-lost');
    expect(output).toContain('database lost');
    expect(output).toContain('still running');
    expect(code).toBe(0);
  });

  it('ends the process with status 1 when it is anything else', async () => {
    const { code, output } = await runChild('bug');
    expect(output).toContain('fatal unhandledRejection');
    expect(output).not.toContain('still running');
    expect(code).toBe(1);
  });
});
