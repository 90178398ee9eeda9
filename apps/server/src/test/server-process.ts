import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

// The real server (src/main.ts through tsx's loader, one OS process: kill -9 hits the server itself,
// not a wrapper) for tests that need process faults rather than in-process ones.
export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
  isRunning: () => boolean;
};

// `entry`: main.ts (the API) or worker.ts (a job worker process).
export function spawnServer(env: Record<string, string>, entry = 'main.ts'): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(REPO_ROOT, 'apps/server/src', entry)],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        RUN_WORKERS: 'true',
        LOG_LEVEL: 'warn',
        TENANT_CACHE_TTL_MS: '0',
        SESSION_CACHE_TTL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    // The tail is what explains a failure; the whole log of a long run is not needed.
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  return {
    child,
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    exited,
    isRunning: () => running,
  };
}

// Waits until /api/health/ answers 200, failing early (with the server's output) if it exits.
export async function waitForHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error(`The server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health/`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

// SIGTERM (an orderly shutdown), then SIGKILL if it hangs; resolves once the process is gone.
export async function stopServer(server: ServerProcess | undefined, timeoutMs = 20_000): Promise<void> {
  if (!server?.isRunning()) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}
