import { DEFAULT_PRECISION, DEFAULT_SCALE } from '../format/numbers.js';

// Spec 2 §3.7 and §9.1: the geo map colours countries in `scale` buckets (5 by default) whose
// bounds are rounded to `precision` decimals (0 by default). Buckets are equal slices of the range
// between the smallest and the largest value.
export type GeoBucket = { from: number; to: number };

const round = (value: number, precision: number) => {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
};

export function geoScaleBuckets(
  values: readonly number[],
  scale: number = DEFAULT_SCALE,
  precision: number = DEFAULT_PRECISION,
): GeoBucket[] {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return [];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const count = Math.max(1, Math.floor(scale));
  if (min === max) return [{ from: round(min, precision), to: round(max, precision) }];
  const step = (max - min) / count;
  const buckets: GeoBucket[] = [];
  for (let i = 0; i < count; i++) {
    const from = round(min + step * i, precision);
    const to = round(i === count - 1 ? max : min + step * (i + 1), precision);
    // Rounding can make neighbouring slices equal (a small range with 0 decimals): keep one.
    const last = buckets[buckets.length - 1];
    if (last && last.to === to) continue;
    buckets.push({ from, to });
  }
  return buckets;
}

// The bucket a value falls in: the first whose upper bound holds it (the last bucket for the max).
export function geoBucketIndex(value: number, buckets: readonly GeoBucket[]): number {
  if (buckets.length === 0) return -1;
  const index = buckets.findIndex((bucket) => value <= bucket.to);
  return index < 0 ? buckets.length - 1 : index;
}
