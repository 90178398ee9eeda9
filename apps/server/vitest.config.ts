import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// Vitest also hands these conditions to Node (--conditions), so they choose what Node itself loads.
// Without 'module', as in production: with it, Node would load packages' bundler-only ESM builds
// (@opentelemetry/api under @sentry/node has imports without file extensions, which Node refuses).
const CONDITIONS = ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')];

// API tests talk to a real PostgreSQL: the global setup starts an embedded one (or uses DATABASE_URL).
export default defineProject({
  resolve: { conditions: CONDITIONS },
  ssr: { resolve: { conditions: CONDITIONS } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
