import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './build/precompress';

// The API answers per tenant from the Host header, so the dev proxy must keep it (changeOrigin: false).
const API_TARGET = process.env.ATTEST_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  // '@attest/shared' exposes its TypeScript source under the 'source' condition: no build step in dev.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/admin': { target: API_TARGET, changeOrigin: false },
      // The real-time socket (issue 6): WebSocket upgrades pass through too.
      '/socket.io': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor-mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor-icons', test: /node_modules[\\/]@tabler[\\/]/ },
            { name: 'vendor-data', test: /node_modules[\\/](@tanstack|zod|i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
