import { describe, expect, it } from 'vitest';
import { isolate } from '../../../components/user-text';
import { categoryTickLayout, formatXAxisTick, SLANTED_TICKS_MIN, STEEP_TICKS_MIN } from './chart-frame';

describe('category ticks', () => {
  it('names every category, however many (a report by status shows each status)', () => {
    for (const count of [3, 9, 12, 13, 40]) expect(categoryTickLayout(count).interval).toBe(0);
  });

  it('cuts a tick at 15 characters plus an ellipsis (spec 2 §9.1)', () => {
    expect(formatXAxisTick('Waiting for approval')).toBe(isolate('Waiting for app…'));
    expect(formatXAxisTick('Approved')).toBe(isolate('Approved'));
  });

  it('isolates a tick, so "Orbital Systems Corp." keeps its full stop at its end in Arabic', () => {
    expect(formatXAxisTick('Orbital Corp.')).toBe('\u2068Orbital Corp.\u2069');
  });

  it('mirrors the slant right to left: names hang down to the right of their tick', () => {
    expect(categoryTickLayout(7, true)).toMatchObject({ angle: 30, textAnchor: 'start' });
    expect(categoryTickLayout(13, true)).toMatchObject({ angle: 60, textAnchor: 'start' });
    expect(categoryTickLayout(3, true)).toMatchObject({ angle: 0, textAnchor: 'middle' });
    expect(categoryTickLayout(7, true).height).toBe(categoryTickLayout(7).height);
  });

  it('slants the names steeply from 13 categories, with more room below the axis', () => {
    expect(STEEP_TICKS_MIN).toBe(13);
    const steep = categoryTickLayout(13);
    expect(steep).toMatchObject({ angle: -60, textAnchor: 'end' });
    expect(steep.height).toBeGreaterThan(categoryTickLayout(12).height);
  });

  it('slants the names from 7 categories, with room below the axis for them', () => {
    expect(SLANTED_TICKS_MIN).toBe(7);
    expect(categoryTickLayout(6)).toMatchObject({ angle: 0, textAnchor: 'middle' });
    const slanted = categoryTickLayout(7);
    expect(slanted).toMatchObject({ angle: -30, textAnchor: 'end' });
    expect(slanted.height).toBeGreaterThan(categoryTickLayout(6).height);
  });
});
