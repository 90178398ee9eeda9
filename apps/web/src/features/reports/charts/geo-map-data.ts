import { type AtlasCountry, matchCountry, toNumber } from '@attest/shared';
import { type ChartResults, categoryLabel } from './chart-data';

export type GeoMapEntry = { label: string; country: AtlasCountry; value: number | null };
export type GeoMapData = {
  // By world-atlas feature name.
  entries: Map<string, GeoMapEntry>;
  // Row labels that name no country on the map, once each, in result order.
  unmatched: string[];
  measure: string;
};

// Spec 2 §2.8 GEO_MAP_CHART: the first group-by column names the country and the last column is
// the measure. Rows of the same country add up (a second group-by splits them); labels that are no
// country are listed under the map rather than dropped silently.
export function toGeoMapData(results: ChartResults | null | undefined): GeoMapData | null {
  const header = results?.[0];
  const body = results?.slice(1) ?? [];
  if (!header || header.length < 2 || body.length === 0) return null;
  const entries = new Map<string, GeoMapEntry>();
  const unmatched: string[] = [];
  for (const record of body) {
    const label = categoryLabel(record[0]);
    const country = matchCountry(label);
    if (!country) {
      if (!unmatched.includes(label)) unmatched.push(label);
      continue;
    }
    const value = toNumber(record[record.length - 1]);
    const entry = entries.get(country.atlasName);
    if (!entry) entries.set(country.atlasName, { label, country, value });
    else if (value !== null) entry.value = (entry.value ?? 0) + value;
  }
  return { entries, unmatched, measure: categoryLabel(header[header.length - 1]) };
}
