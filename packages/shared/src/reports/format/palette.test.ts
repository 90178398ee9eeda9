import { describe, expect, it } from 'vitest';
import { BAR_FILL_OPACITY, CHART_PALETTE, DEFAULT_SINGLE_TONE, seriesColors, tint } from './palette.js';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe('the colour palette (spec 2 §9.1)', () => {
  it('has 25 named, distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(25);
    expect(new Set(CHART_PALETTE.map((c) => c.name)).size).toBe(25);
    expect(new Set(CHART_PALETTE.map((c) => c.hex.toLowerCase())).size).toBe(25);
    for (const colour of CHART_PALETTE) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('every colour has at least 4.5:1 contrast on white', () => {
    for (const colour of CHART_PALETTE) {
      expect(1.05 / (luminance(colour.hex) + 0.05), colour.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('bar series fill opacity is 0.6', () => {
    expect(BAR_FILL_OPACITY).toBe(0.6);
  });
});

describe('colour schemes singleTone, spectrum and custom (spec 2 §3.7, §3.8)', () => {
  it('single tone is the default: tints of one colour', () => {
    expect(seriesColors(undefined, 1)).toEqual([DEFAULT_SINGLE_TONE]);
    const three = seriesColors({ single_tone: '#000000' }, 3);
    expect(three).toEqual(['#000000', tint('#000000', 0.3), tint('#000000', 0.6)]);
    expect(tint('#000000', 0.6)).toBe('#999999');
    expect(seriesColors({ active_color_type: 'singleTone', single_tone: 'not a colour' }, 1)).toEqual([
      DEFAULT_SINGLE_TONE,
    ]);
  });

  it('spectrum cycles its colours, or the palette when it has none', () => {
    expect(seriesColors({ active_color_type: 'spectrum', spectrum: ['#111', '#222222'] }, 3)).toEqual([
      '#111',
      '#222222',
      '#111',
    ]);
    expect(seriesColors({ active_color_type: 'spectrum', spectrum: [] }, 26)[25]).toBe(CHART_PALETTE[0].hex);
  });

  it('custom uses the chosen colours', () => {
    expect(seriesColors({ active_color_type: 'custom', custom: ['#abcdef'] }, 2)).toEqual([
      '#abcdef',
      '#abcdef',
    ]);
  });
});
