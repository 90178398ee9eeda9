import { describe, expect, it } from 'vitest';
import { DEFAULT_PRECISION, DEFAULT_SCALE, formatSi, roundTo, toNumber } from './numbers.js';

describe('numbers use SI suffixes per 1000 with 3 significant digits (spec 2 §9.1)', () => {
  it('formats the spec examples', () => {
    expect(formatSi(1234)).toBe('1.23k');
    expect(formatSi(1_250_000)).toBe('1.25M');
  });

  it('uses k M G T P E, one per power of 1000', () => {
    expect(formatSi(1_000)).toBe('1k');
    expect(formatSi(45_600)).toBe('45.6k');
    expect(formatSi(789_000)).toBe('789k');
    expect(formatSi(3.21e9)).toBe('3.21G');
    expect(formatSi(4.56e12)).toBe('4.56T');
    expect(formatSi(7.89e15)).toBe('7.89P');
    expect(formatSi(1.5e18)).toBe('1.5E');
    expect(formatSi(2.5e21)).toBe('2500E');
  });

  it('keeps 3 significant digits below 1000 and rounds across a suffix boundary', () => {
    expect(formatSi(999)).toBe('999');
    expect(formatSi(12.345)).toBe('12.3');
    expect(formatSi(0.5)).toBe('0.5');
    expect(formatSi(0.00123)).toBe('0.00123');
    expect(formatSi(999_999)).toBe('1M');
    expect(formatSi(999_499)).toBe('999k');
    expect(formatSi(0)).toBe('0');
    expect(formatSi(-1234)).toBe('-1.23k');
  });

  it('writes values below 0.001 in exponent form', () => {
    expect(formatSi(0.001)).toBe('0.001');
    expect(formatSi(0.000999)).toBe('9.99e-4');
    expect(formatSi(0.0005)).toBe('5e-4');
    expect(formatSi(0.0000123)).toBe('1.23e-5');
    expect(formatSi(-0.0005)).toBe('-5e-4');
  });

  it('has scale 5 and precision 0 as defaults, and rounds to a precision', () => {
    expect(DEFAULT_SCALE).toBe(5);
    expect(DEFAULT_PRECISION).toBe(0);
    expect(roundTo(2.5)).toBe(3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1234.5678, 1)).toBe(1234.6);
  });

  it('reads numbers from result cells', () => {
    expect(toNumber(3)).toBe(3);
    expect(toNumber('4.5')).toBe(4.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber('abc')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
  });
});
