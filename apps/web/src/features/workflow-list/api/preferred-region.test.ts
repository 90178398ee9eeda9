import { describe, expect, it } from 'vitest';
import { regionIdOf } from './preferred-region';

describe('regionIdOf', () => {
  it('reads a region id from the shapes a region answer takes', () => {
    expect(regionIdOf(3)).toBe(3);
    expect(regionIdOf('12')).toBe(12);
    expect(regionIdOf({ value: 4, label: 'Europe' })).toBe(4);
    expect(regionIdOf({ id: '5' })).toBe(5);
  });

  it('has no preference for anything else', () => {
    for (const answer of [null, undefined, '', 'Europe', 0, -1, 1.5, {}, []])
      expect(regionIdOf(answer)).toBeNull();
  });
});
