import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API answers per tenant from the Host header, so the dev proxy must keep it (changeOrigin: false).
const API_TARGET = process.env.ATTEST_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // '@attest/shared' exposes its TypeScript source under the 'source' condition: no build step in dev.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/admin': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
