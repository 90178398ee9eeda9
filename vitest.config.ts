import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace: pure unit tests, the web app's component tests,
// the server's API tests on a real PostgreSQL (embedded unless DATABASE_URL is set), and checks of the
// repository itself (tools: import boundaries).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
  },
});
