import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './next-url';

describe('safeNext', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNext('/process/7?group=2')).toBe('/process/7?group=2');
  });

  it('refuses other origins and the login page itself', () => {
    for (const value of ['https://evil.test', '//evil.test', '/\\evil.test', 'process/7', '/login?next=/']) {
      expect(safeNext(value)).toBeNull();
    }
  });
});

describe('loginPath', () => {
  it('carries next, encoded', () => {
    expect(loginPath('/tasks?mine=1')).toBe('/login?next=%2Ftasks%3Fmine%3D1');
    expect(loginPath('/')).toBe('/login');
  });
});
