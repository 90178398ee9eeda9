import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.js';

describe('safeNextPath', () => {
  it('keeps a path of this origin, with its query and fragment', () => {
    for (const path of ['/', '/dashboard', '/workflows/42?tab=steps&x=1', '/reports/7#chart']) {
      expect(safeNextPath(path)).toBe(path);
    }
  });

  it('drops anything that could leave the origin, climb, or loop back to sign-in', () => {
    const unsafe = [
      null,
      undefined,
      '',
      'dashboard',
      '//evil.test',
      '/\\evil.test',
      'https://evil.test',
      '/javascript:alert(1)',
      '/ /evil.test',
      '/a/../b',
      '/%2e%2e/b',
      '/login',
      '/login?next=/x',
      '/login/magic',
    ];
    for (const value of unsafe) expect(safeNextPath(value)).toBeNull();
  });
});
