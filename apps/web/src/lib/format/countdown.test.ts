import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatCountdown', () => {
  it('leaves days out when there are none', () => {
    expect(formatCountdown(3 * h + 4 * m + 5 * s)).toBe('03:04:05');
  });

  it('shows days, two-digit, when non-zero', () => {
    expect(formatCountdown(2 * d + 1 * h + 0 * m + 9 * s)).toBe('02:01:00:09');
  });

  it('rounds partial seconds down and never goes negative', () => {
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
});
