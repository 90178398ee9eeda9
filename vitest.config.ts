import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace: pure unit tests, the web app's component tests,
// and the server's API tests on a real PostgreSQL (embedded unless DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
