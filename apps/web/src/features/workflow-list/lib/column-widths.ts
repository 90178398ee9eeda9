// Issue 14: the dashboard's default eight columns fit the table's room at 1440 px (about 1110 px
// beside the sidebar) without sideways scrolling. Each column but the name has a fixed width; the
// name takes what is left and wraps. Values longer than their column end in an ellipsis and show
// whole on hover. Only when a person chooses more columns than fit does the table scroll, inside
// its own box.

// Widths include the cell padding (Mantine sizes boxes with border-box).
const WIDTHS: Record<string, number> = {
  rank: 64,
  // "Supplier Onboarding" whole.
  kind: 160,
  // Wide enough for a status label such as "Not reviewed" whole: pills are never cut.
  status: 136,
  progress: 112,
  // Two alert badges side by side; a third wraps under them.
  alerts: 92,
  created_at: 108,
  updated_at: 108,
};
// Answer columns (region, business unit, the kind's own fields).
const ANSWER_WIDTH = 130;
// Below this the name column stops shrinking and the table scrolls instead.
export const NAME_MIN_WIDTH = 240;

// The fixed width of a column, or null for the name, which takes the rest.
export function columnWidth(id: string): number | null {
  if (id === 'name') return null;
  return WIDTHS[id] ?? ANSWER_WIDTH;
}

// The narrowest the table may get with these columns shown: wider than its box, it scrolls.
export function tableMinWidth(shown: readonly string[]): number {
  return shown.reduce((sum, id) => sum + (columnWidth(id) ?? NAME_MIN_WIDTH), 0);
}
