import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// API tests talk to a real PostgreSQL: the global setup starts an embedded one (or uses DATABASE_URL).
export default defineProject({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
