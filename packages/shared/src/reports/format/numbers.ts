// Spec 2 §9.1: numbers use SI suffixes per 1000 with 3 significant digits; values below 0.001
// use exponent form. Map scale default 5, precision default 0 (§3.7, §9.1).
export const SI_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
export const SIGNIFICANT_DIGITS = 3;
export const EXPONENT_BELOW = 0.001;
export const DEFAULT_SCALE = 5;
export const DEFAULT_PRECISION = 0;

// "1.20" -> "1.2", "5.00e-4" -> "5e-4"
function stripZeros(text: string): string {
  return text.replace(/(\.\d*?)0+(?=$|e)/, '$1').replace(/\.(?=$|e)/, '');
}

export function formatSi(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < EXPONENT_BELOW) return sign + stripZeros(abs.toExponential(SIGNIFICANT_DIGITS - 1));
  // Round first, so 999 999 becomes "1M" rather than "1000k".
  const rounded = Number(abs.toPrecision(SIGNIFICANT_DIGITS));
  let tier = 0;
  while (tier < SI_SUFFIXES.length - 1 && rounded >= 1000 ** (tier + 1)) tier++;
  const scaled = Number((rounded / 1000 ** tier).toPrecision(SIGNIFICANT_DIGITS));
  // toPrecision may answer in exponent form for large values beyond the last suffix.
  const digits =
    scaled >= 1000 ? String(Math.round(scaled)) : stripZeros(scaled.toPrecision(SIGNIFICANT_DIGITS));
  return `${sign}${digits}${SI_SUFFIXES[tier]}`;
}

// Rounds to `precision` decimals (the report's precision option, default 0).
export function roundTo(value: number, precision: number = DEFAULT_PRECISION): number {
  const factor = 10 ** precision;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
