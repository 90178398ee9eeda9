import { isHexColor } from '@attest/shared';

export type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const DARK_TEXT: Rgb = [0x1a, 0x1b, 0x1e];

// '#abc' and '#aabbcc' (spec 1 section 5); null for anything else.
export function parseHex(value: string | null | undefined): Rgb | null {
  if (!value || !isHexColor(value)) return null;
  const digits = value.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, weightOfB: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] ?? 0) * (1 - weightOfB) + (b[i] ?? 0) * weightOfB) as Rgb;
}

// WCAG relative luminance.
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

// WCAG contrast ratio of two colours, from 1 to 21.
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// The colour itself when it reaches `ratio` against the background, otherwise the first darker mix
// that does (WCAG 1.4.3: 4.5:1 for normal text).
export function darkenUntilReadable(color: string, background: string, ratio = 4.5): string {
  const rgb = parseHex(color);
  const against = parseHex(background);
  if (!rgb || !against) return color;
  for (let step = 0; step <= 1; step += 0.02) {
    const candidate = mix(rgb, BLACK, step);
    if (contrastRatio(candidate, against) >= ratio) return toHex(candidate);
  }
  return toHex(BLACK);
}

// The colour mixed toward white, as a light badge or alert draws its background.
export function tint(color: string, towardWhite: number): string {
  const rgb = parseHex(color);
  return rgb ? toHex(mix(rgb, WHITE, towardWhite)) : color;
}

// Text on a tenant-chosen background must stay readable whatever colour they pick: the near-black
// text colour or white, whichever reads better; on a mid-tone where neither reaches 4.5:1, black
// (white or black always reaches 4.58:1).
export function readableTextOn(background: string | null | undefined): string {
  const rgb = parseHex(background);
  if (!rgb) return 'var(--mantine-color-text)';
  const dark = contrastRatio(rgb, DARK_TEXT);
  const light = contrastRatio(rgb, WHITE);
  if (light >= 4.5 && light >= dark) return '#ffffff';
  if (dark >= 4.5) return '#1a1b1e';
  return contrastRatio(rgb, BLACK) >= light ? '#000000' : '#ffffff';
}

// Tints toward white for shades 0-5, the brand colour itself at 6, then darker shades.
const STEPS = [0.94, 0.86, 0.72, 0.56, 0.38, 0.18, 0, 0.12, 0.24, 0.36];

// A ten-shade Mantine palette built around one brand colour.
export function paletteFrom(hex: string): string[] | null {
  const base = parseHex(hex);
  if (!base) return null;
  return STEPS.map((step, index) => toHex(index < 6 ? mix(base, WHITE, step) : mix(base, BLACK, step)));
}
