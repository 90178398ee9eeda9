import { describe, expect, it } from 'vitest';
import { ALL_TICKS_MAX, categoryTickLayout, SLANTED_TICKS_MIN } from './chart-frame';

describe('category ticks', () => {
  it('names every category up to 12 (a report by status shows each status), then thins them out', () => {
    expect(ALL_TICKS_MAX).toBe(12);
    expect(categoryTickLayout(9).interval).toBe(0);
    expect(categoryTickLayout(12).interval).toBe(0);
    expect(categoryTickLayout(13).interval).toBe('preserveStartEnd');
  });

  it('slants the names from 7 categories, with room below the axis for them', () => {
    expect(SLANTED_TICKS_MIN).toBe(7);
    expect(categoryTickLayout(6)).toMatchObject({ angle: 0, textAnchor: 'middle' });
    const slanted = categoryTickLayout(7);
    expect(slanted).toMatchObject({ angle: -30, textAnchor: 'end' });
    expect(slanted.height).toBeGreaterThan(categoryTickLayout(6).height);
  });
});
