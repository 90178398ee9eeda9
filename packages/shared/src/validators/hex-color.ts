// Spec 1 §5: "Hex colour accepts 3 or 6 hex digits". The leading '#' is required so the value
// can go straight into CSS; case does not matter.
export const HEX_COLOR_MESSAGE = 'Use a hex colour such as #1c7ed6.';

const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}
