import { ATLAS_COUNTRIES, type AtlasCountry } from './countries.js';

// Spec 2 §2.8 GEO_MAP_CHART: a report's first group-by names a country as an ISO alpha-2 or
// alpha-3 code or by its English name. This finds the world-atlas country it means, or null.

// Case, accents, "the", dots and spacing do not matter: "cote d ivoire" is Côte d'Ivoire.
export function normalizeCountryName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

const byCode = new Map<string, AtlasCountry>();
const byName = new Map<string, AtlasCountry>();
for (const country of ATLAS_COUNTRIES) {
  if (country.alpha2) byCode.set(country.alpha2, country);
  if (country.alpha3) byCode.set(country.alpha3, country);
  for (const name of [country.atlasName, ...country.names]) byName.set(normalizeCountryName(name), country);
}

export function matchCountry(value: unknown): AtlasCountry | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  // Codes are read in capitals only when the whole value is 2 or 3 letters.
  if (/^[A-Za-z]{2,3}$/.test(text)) {
    const coded = byCode.get(text.toUpperCase());
    if (coded) return coded;
  }
  return byName.get(normalizeCountryName(text)) ?? null;
}
