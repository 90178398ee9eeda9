import type { GEO_MAP_THEMES } from '@attest/shared';

export type GeoMapThemeName = (typeof GEO_MAP_THEMES)[number];

// Spec 2 §3.7 map themes as colour schemes (the app draws the map itself, no tile server): the
// sea, countries without a value, borders, the text of the legend, and the ramp the value buckets
// run along, from the smallest value to the largest. The *_globe themes also draw the globe's
// outline and graticule.
export type GeoMapTheme = {
  water: string;
  noData: string;
  border: string;
  text: string;
  ramp: readonly [low: string, high: string];
  globe: boolean;
};

export const GEO_MAP_THEME_COLOURS: Record<GeoMapThemeName, GeoMapTheme> = {
  streets: {
    water: '#dceaf7',
    noData: '#f1f0ec',
    border: '#ffffff',
    text: '#343a40',
    ramp: ['#fff1b8', '#d9480f'],
    globe: false,
  },
  outdoors: {
    water: '#d3ebe3',
    noData: '#f2efe3',
    border: '#fbfaf5',
    text: '#2b3a2f',
    ramp: ['#e3f2cf', '#2b7a3b'],
    globe: false,
  },
  light: {
    water: '#ffffff',
    noData: '#eef0f2',
    border: '#d5d9dd',
    text: '#343a40',
    ramp: ['#dbeeff', '#1c5fa8'],
    globe: false,
  },
  light_globe: {
    water: '#f5f8fb',
    noData: '#e9ecef',
    border: '#d5d9dd',
    text: '#343a40',
    ramp: ['#dbeeff', '#1c5fa8'],
    globe: true,
  },
  dark: {
    water: '#1a1b1e',
    noData: '#2f3136',
    border: '#141517',
    text: '#dee2e6',
    ramp: ['#1f4e6b', '#ffd43b'],
    globe: false,
  },
  dark_globe: {
    water: '#101113',
    noData: '#2f3136',
    border: '#141517',
    text: '#dee2e6',
    ramp: ['#1f4e6b', '#ffd43b'],
    globe: true,
  },
  satellite: {
    water: '#0b2545',
    noData: '#2f5233',
    border: '#1d3a24',
    text: '#e9ecef',
    ramp: ['#6a994e', '#fcbf49'],
    globe: false,
  },
  satellite_streets: {
    water: '#0b2545',
    noData: '#2f5233',
    border: '#e9ecef',
    text: '#e9ecef',
    ramp: ['#6a994e', '#fcbf49'],
    globe: false,
  },
  navigation_day: {
    water: '#e7f0fb',
    noData: '#f8f9fa',
    border: '#ced4da',
    text: '#212529',
    ramp: ['#d0ebff', '#6741d9'],
    globe: false,
  },
  navigation_night: {
    water: '#0c1a2b',
    noData: '#1f2d3d',
    border: '#0c1a2b',
    text: '#d0d7de',
    ramp: ['#1098ad', '#e64980'],
    globe: false,
  },
};

export function geoMapTheme(name: string | null | undefined): GeoMapTheme {
  return GEO_MAP_THEME_COLOURS[(name ?? 'streets') as GeoMapThemeName] ?? GEO_MAP_THEME_COLOURS.streets;
}

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

// `count` colours evenly along the ramp (both ends included); one bucket takes the high end.
export function rampColours(ramp: GeoMapTheme['ramp'], count: number): string[] {
  const [low, high] = [channels(ramp[0]), channels(ramp[1])];
  return Array.from({ length: count }, (_, i) => {
    const t = count <= 1 ? 1 : i / (count - 1);
    const mixed = low.map((c, k) => Math.round(c + ((high[k] ?? c) - c) * t));
    return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  });
}
