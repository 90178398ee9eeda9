// The icons a badge may carry: a fixed list of tabler icon names (the web maps each to its
// component), so a stored definition never names an icon the product cannot draw.
export const BADGE_ICONS = [
  'star',
  'flag',
  'shield-check',
  'alert-triangle',
  'clock',
  'bolt',
  'rosette',
  'crown',
  'heart',
  'lock',
  'eye',
  'leaf',
  'world',
  'currency-dollar',
  'file-certificate',
  'user-check',
] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];
