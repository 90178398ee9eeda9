import { describe, expect, it } from 'vitest';
import { withoutFirstThreeSegments } from './legacy-redirect';
import { viewModeOf } from './view-mode';

describe('withoutFirstThreeSegments', () => {
  it('drops the first three path segments and keeps the query and hash', () => {
    expect(
      withoutFirstThreeSegments({
        pathname: '/app/reports/v1/dashboard/5',
        search: '?view=preview',
        hash: '#r',
      }),
    ).toBe('/dashboard/5?view=preview#r');
  });

  it('lands on / when nothing is left', () => {
    expect(withoutFirstThreeSegments({ pathname: '/embed/reports/v1/', search: '', hash: '' })).toBe('/');
  });
});

describe('viewModeOf', () => {
  it('reads the four view modes and falls back to normal', () => {
    expect(viewModeOf(new URLSearchParams('view=fullScreen'))).toBe('fullScreen');
    expect(viewModeOf(new URLSearchParams('view=fullScreen_dashboard'))).toBe('fullScreen_dashboard');
    expect(viewModeOf(new URLSearchParams('view=preview'))).toBe('preview');
    expect(viewModeOf(new URLSearchParams('view=nonsense'))).toBe('normal');
    expect(viewModeOf(new URLSearchParams(''))).toBe('normal');
  });
});
