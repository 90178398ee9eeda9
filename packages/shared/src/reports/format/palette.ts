// Spec 2 §9.1: a palette of 25 named colours; bar series fill opacity 0.6. Every colour reaches at
// least 4.5:1 contrast on white (checked by a test), so series stay legible as strokes and labels.
export const CHART_PALETTE = [
  { name: 'Cobalt', hex: '#1f5fbf' },
  { name: 'Tangerine', hex: '#c04d00' },
  { name: 'Jade', hex: '#0f7b5f' },
  { name: 'Crimson', hex: '#c62839' },
  { name: 'Violet', hex: '#7b3fa0' },
  { name: 'Teal', hex: '#00798c' },
  { name: 'Magenta', hex: '#b0287a' },
  { name: 'Olive', hex: '#6b7a00' },
  { name: 'Cocoa', hex: '#7d4e2d' },
  { name: 'Slate', hex: '#4f6475' },
  { name: 'Navy', hex: '#1d2f6f' },
  { name: 'Rust', hex: '#a63d12' },
  { name: 'Forest', hex: '#2e6b30' },
  { name: 'Plum', hex: '#6d2c5e' },
  { name: 'Ocean', hex: '#00609c' },
  { name: 'Amber', hex: '#a86700' },
  { name: 'Raspberry', hex: '#a3124b' },
  { name: 'Indigo', hex: '#4b3fbf' },
  { name: 'Pine', hex: '#00695c' },
  { name: 'Brick', hex: '#8f2d2d' },
  { name: 'Graphite', hex: '#555555' },
  { name: 'Orchid', hex: '#9c27b0' },
  { name: 'Moss', hex: '#556b2f' },
  { name: 'Denim', hex: '#36598f' },
  { name: 'Mahogany', hex: '#6e2a0c' },
] as const;

export const BAR_FILL_OPACITY = 0.6;

export type ColorSchemeType = 'singleTone' | 'spectrum' | 'custom';

// other_configurations.colors (§3.8); single-tone is the default (§3.7).
export type ChartColors = {
  active_color_type?: ColorSchemeType;
  single_tone?: string | null;
  spectrum?: readonly string[];
  custom?: readonly string[];
};

const PALETTE_HEX: readonly string[] = CHART_PALETTE.map((colour) => colour.hex);
export const DEFAULT_SINGLE_TONE = PALETTE_HEX[0] as string;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function expandHex(hex: string): string {
  const body = hex.slice(1);
  return body.length === 3 ? `#${[...body].map((c) => c + c).join('')}` : hex;
}

// Mixes a colour towards white: weight 0 is the colour itself, 1 is white.
export function tint(hex: string, weight: number): string {
  const full = expandHex(hex);
  const channels = [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(c + (255 - c) * weight));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function cycle(colours: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => colours[i % colours.length] as string);
}

// One colour per series. Single tone spreads tints of one colour (never lighter than 60 % white,
// so the last series is still visible); spectrum and custom cycle their lists, falling back to
// the palette when a list is empty or holds an invalid colour.
export function seriesColors(colors: ChartColors | undefined, count: number): string[] {
  const type = colors?.active_color_type ?? 'singleTone';
  if (type === 'singleTone') {
    const base =
      colors?.single_tone && HEX.test(colors.single_tone) ? colors.single_tone : DEFAULT_SINGLE_TONE;
    return Array.from({ length: count }, (_, i) => (count <= 1 ? base : tint(base, (i / (count - 1)) * 0.6)));
  }
  const list = (type === 'spectrum' ? colors?.spectrum : colors?.custom)?.filter((c) => HEX.test(c)) ?? [];
  return cycle(list.length > 0 ? list : PALETTE_HEX, count);
}
