import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenUntilReadable, parseHex, readableTextOn } from './hex';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a) ?? [0, 0, 0], parseHex(b) ?? [0, 0, 0]);

// Issue 14 (WCAG 1.4.3): text on a colour from data or a tenant reads at 4.5:1 or better.
describe('readable colours', () => {
  it.each([
    '#4177c9',
    '#5888cf',
    '#1971c2',
    '#fff3bf',
    '#0c8599',
    '#fa5252',
    '#868e96',
    '#000000',
    '#ffffff',
  ])('puts readable text on %s', (background) => {
    expect(ratio(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the near-black text where it reads, and white on dark colours', () => {
    expect(readableTextOn('#fff3bf')).toBe('#1a1b1e');
    expect(readableTextOn('#1864ab')).toBe('#ffffff');
  });

  it('darkens a colour only as far as it must', () => {
    expect(darkenUntilReadable('#1864ab', '#ffffff')).toBe('#1864ab');
    const green = darkenUntilReadable('#40c057', '#ffffff');
    expect(ratio(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(green, '#ffffff')).toBeLessThan(5.2);
  });
});
