import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace: pure unit tests, the web app's component tests,
// the server's API tests on a real PostgreSQL (embedded unless DATABASE_URL is set), and checks of the
// repository itself (tools: import boundaries).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
    // A worker per core. Vitest's own default is one fewer, which on the two-core CI machine is a single
    // worker: the whole run in one file at a time, one core idle while it imports and sets up.
    maxWorkers: availableParallelism(),
  },
});
