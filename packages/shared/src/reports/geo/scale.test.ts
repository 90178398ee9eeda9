import { describe, expect, it } from 'vitest';
import { geoBucketIndex, geoScaleBuckets } from './scale.js';

describe('geo map scale (spec 2 §3.7 scale 5, precision 0; §9.1)', () => {
  it('splits the range into 5 buckets with whole-number bounds by default', () => {
    expect(geoScaleBuckets([0, 100, 37])).toEqual([
      { from: 0, to: 20 },
      { from: 20, to: 40 },
      { from: 40, to: 60 },
      { from: 60, to: 80 },
      { from: 80, to: 100 },
    ]);
  });

  it('follows the configured scale and precision', () => {
    const buckets = geoScaleBuckets([1, 2], 3, 2);
    expect(buckets).toEqual([
      { from: 1, to: 1.33 },
      { from: 1.33, to: 1.67 },
      { from: 1.67, to: 2 },
    ]);
  });

  it('merges buckets that rounding makes equal, and has one bucket for a single value', () => {
    expect(geoScaleBuckets([1, 3])).toEqual([
      { from: 1, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
    expect(geoScaleBuckets([7, 7])).toEqual([{ from: 7, to: 7 }]);
    expect(geoScaleBuckets([])).toEqual([]);
  });

  it('puts a value in the first bucket whose upper bound holds it', () => {
    const buckets = geoScaleBuckets([0, 100]);
    expect(geoBucketIndex(0, buckets)).toBe(0);
    expect(geoBucketIndex(20, buckets)).toBe(0);
    expect(geoBucketIndex(21, buckets)).toBe(1);
    expect(geoBucketIndex(100, buckets)).toBe(4);
  });
});
