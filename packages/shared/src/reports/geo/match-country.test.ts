import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ATLAS_COUNTRIES } from './countries.js';
import { matchCountry, normalizeCountryName } from './match-country.js';

describe('matchCountry (spec 2 §2.8 GEO_MAP_CHART: a country by code or English name)', () => {
  it('reads ISO alpha-2 and alpha-3 codes in any case', () => {
    expect(matchCountry('DE')?.atlasName).toBe('Germany');
    expect(matchCountry('deu')?.atlasName).toBe('Germany');
    expect(matchCountry('US')?.atlasName).toBe('United States of America');
    expect(matchCountry('GBR')?.atlasName).toBe('United Kingdom');
  });

  it('reads English names, including the ones the atlas abbreviates', () => {
    expect(matchCountry('Democratic Republic of the Congo')?.atlasName).toBe('Dem. Rep. Congo');
    expect(matchCountry('Bosnia and Herzegovina')?.atlasName).toBe('Bosnia and Herz.');
    expect(matchCountry('United States')?.alpha3).toBe('USA');
    expect(matchCountry('The Netherlands')?.alpha2).toBe('NL');
    expect(matchCountry('  cote d ivoire ')?.alpha2).toBe('CI');
    expect(matchCountry('UK')?.alpha2).toBe('GB');
  });

  it('tells the two Congos and the two Koreas apart', () => {
    expect(matchCountry('Congo')?.alpha2).toBe('CG');
    expect(matchCountry('DR Congo')?.alpha2).toBe('CD');
    expect(matchCountry('South Korea')?.alpha2).toBe('KR');
    expect(matchCountry('North Korea')?.alpha2).toBe('KP');
  });

  it('returns null for values that are not a country', () => {
    expect(matchCountry('Atlantis')).toBeNull();
    expect(matchCountry('ZZ')).toBeNull();
    expect(matchCountry('')).toBeNull();
    expect(matchCountry(null)).toBeNull();
  });

  it('normalizes case, accents and punctuation', () => {
    expect(normalizeCountryName("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(normalizeCountryName('The Bahamas')).toBe('bahamas');
  });

  it('covers every country of the 110m world atlas, with unique codes', () => {
    const require = createRequire(import.meta.url);
    const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));
    const names: string[] = atlas.objects.countries.geometries.map(
      (g: { properties: { name: string } }) => g.properties.name,
    );
    expect(new Set(ATLAS_COUNTRIES.map((c) => c.atlasName))).toEqual(new Set(names));
    const codes = ATLAS_COUNTRIES.flatMap((c) => [c.alpha2, c.alpha3]).filter(Boolean);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of names) expect(matchCountry(name)?.atlasName).toBe(name);
  });
});
