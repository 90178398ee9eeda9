import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { bootStrings } from './build/boot-strings';
import { precompress } from './build/precompress';

// The API answers per tenant from the Host header, so the dev proxy must keep it (changeOrigin: false).
const API_TARGET = process.env.ATTEST_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), bootStrings(), precompress()],
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
      // packages/shared holds schemas, constants and pure functions only: a module whose exports no page
      // uses is left out, so the sign-in pages do not carry the workflow and report schemas.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /.*/, sideEffects: true },
        ],
      },
      output: {
        // React and the router change far less often than our code and every page needs them: their own
        // chunk stays cached across deploys. Other libraries are left to the bundler, so each lands with
        // the pages that use it and the sign-in pages load only their share (issue 14: a light first load).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
