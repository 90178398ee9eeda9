import { defineProject } from 'vitest/config';

// Checks of the repository itself (import boundaries); no database, no browser.
export default defineProject({
  test: {
    name: 'tools',
    include: ['**/*.test.ts'],
    exclude: ['**/fixtures/**', '**/node_modules/**'],
    // The real cruise reads every source file of the three workspaces; room for a busy machine.
    testTimeout: 120_000,
  },
});
