import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// End-to-end: the built product (server + web) on its own embedded PostgreSQL, driven in Chromium.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
