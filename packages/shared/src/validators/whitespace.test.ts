import { describe, expect, it } from 'vitest';
import { exceedsLimitOrBlank, hasLeadingOrTrailingSpaces } from './whitespace.js';

describe('hasLeadingOrTrailingSpaces', () => {
  it.each([
    ['leading space', ' name'],
    ['trailing space', 'name '],
    ['both', ' name '],
    ['leading tab', '\tname'],
    ['trailing new line', 'name\n'],
    ['trailing non-breaking space', 'name\u00a0'],
    ['only spaces', '   '],
    ['a single space', ' '],
  ])('detects %s', (_case, value) => {
    expect(hasLeadingOrTrailingSpaces(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a word', 'name'],
    ['inner spaces only', 'first last'],
    ['inner tab only', 'first\tlast'],
  ])('does not flag %s', (_case, value) => {
    expect(hasLeadingOrTrailingSpaces(value)).toBe(false);
  });
});

describe('exceedsLimitOrBlank', () => {
  it('flags empty text', () => {
    expect(exceedsLimitOrBlank('', 10)).toBe(true);
  });

  it('flags text that is blank after trim', () => {
    expect(exceedsLimitOrBlank('   ', 10)).toBe(true);
    expect(exceedsLimitOrBlank('\t\n ', 10)).toBe(true);
  });

  it('accepts text up to and including the limit', () => {
    expect(exceedsLimitOrBlank('a', 5)).toBe(false);
    expect(exceedsLimitOrBlank('abcde', 5)).toBe(false);
  });

  it('flags text one character over the limit', () => {
    expect(exceedsLimitOrBlank('abcdef', 5)).toBe(true);
  });

  it('measures the trimmed text, so surrounding spaces do not count', () => {
    expect(exceedsLimitOrBlank('  abcde  ', 5)).toBe(false);
    expect(exceedsLimitOrBlank('  abcdef  ', 5)).toBe(true);
  });

  it('counts inner spaces', () => {
    expect(exceedsLimitOrBlank('ab cd', 4)).toBe(true);
  });

  it('counts UTF-16 units like zod .max(), so an emoji counts as 2', () => {
    expect(exceedsLimitOrBlank('😀', 1)).toBe(true);
    expect(exceedsLimitOrBlank('😀', 2)).toBe(false);
  });

  it('with a limit of 0 flags every text', () => {
    expect(exceedsLimitOrBlank('a', 0)).toBe(true);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws on the invalid limit %s', (limit) => {
    expect(() => exceedsLimitOrBlank('a', limit)).toThrow(
      new RangeError(`limit must be a non-negative integer, got ${limit}`),
    );
  });
});
