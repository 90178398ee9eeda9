import { describe, expect, it } from 'vitest';
import { badgeCount } from './badge-count';

describe('badgeCount', () => {
  it('hides the badge at 0 and shows the count up to 9', () => {
    expect(badgeCount(0)).toBeNull();
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(9)).toBe('9');
  });

  it('caps at 9+ above 9 (spec 1 §2)', () => {
    expect(badgeCount(10)).toBe('9+');
    expect(badgeCount(250)).toBe('9+');
  });
});
