import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // A tenant host, as in production: the client derives X-Tenant from it.
    environmentOptions: { happyDOM: { url: 'http://acme.localhost:3000/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Room for the 5 s asynchronous waits of src/test/setup.ts on a busy machine.
    testTimeout: 20_000,
  },
});
