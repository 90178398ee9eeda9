import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruiseBoundaries, formatViolations } from './cruise-boundaries.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtureRoot = fileURLToPath(new URL('./fixtures', import.meta.url));
const roots = ['apps/server/src', 'apps/web/src', 'apps/web/e2e', 'packages/shared/src', 'bench'];

describe('import boundaries', () => {
  it('no import in the repository crosses a boundary', async () => {
    const { violations, modules } = await cruiseBoundaries(repoRoot, roots);

    // The cruise did see every root and resolved every relative import (else the rules would check nothing).
    for (const root of roots) expect(modules.some((m) => m.source.startsWith(`${root}/`))).toBe(true);
    const unresolved = modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && d.module.startsWith('.'))
        .map((d) => `${m.source} -> ${d.module}`),
    );
    expect(unresolved).toEqual([]);

    expect(formatViolations(violations)).toBe('');
  });

  it('rejects a fixture graph with one forbidden import per rule, and only those', async () => {
    const { violations } = await cruiseBoundaries(fixtureRoot, ['apps', 'packages']);
    const sorted = [...violations].sort((a, b) => a.rule.localeCompare(b.rule));

    expect(sorted).toEqual([
      {
        rule: 'feature-imports-inner-file-of-other-feature',
        from: 'apps/web/src/features/y/page.tsx',
        to: 'apps/web/src/features/x/inner.tsx',
      },
      {
        rule: 'module-imports-inner-file-of-other-module',
        from: 'apps/server/src/modules/b/uses-a.ts',
        to: 'apps/server/src/modules/a/inner.ts',
      },
      {
        rule: 'platform-imports-module',
        from: 'apps/server/src/platform/job-queue.ts',
        to: 'apps/server/src/modules/a/index.ts',
      },
      {
        rule: 'shared-imports-app-code',
        from: 'packages/shared/src/leak.ts',
        to: 'apps/web/src/features/x/index.ts',
      },
      {
        rule: 'web-imports-server-code',
        from: 'apps/web/src/lib/server-leak.ts',
        to: 'apps/server/src/modules/a/index.ts',
      },
    ]);
  });
});
