// A value label drawn inside a stacked bar segment is only readable when the segment holds it: a
// thin segment would draw its number across its neighbours (a month of 2 among months of 200).
// Text width is estimated from the font size, as the chart draws before it can measure.
export const VALUE_LABEL_FONT_SIZE = 11;
const CHARACTER_WIDTH = 0.6;
const PADDING = 2;

export type SegmentBox = { width: number; height: number };

export function labelFitsInside(segment: SegmentBox, text: string, angle = 0): boolean {
  const textWidth = text.length * VALUE_LABEL_FONT_SIZE * CHARACTER_WIDTH + 2 * PADDING;
  const textHeight = VALUE_LABEL_FONT_SIZE + 2 * PADDING;
  // A label turned 45° or more runs along the segment's height instead of its width.
  const upright = Math.abs(angle) < 45;
  const across = upright ? segment.width : segment.height;
  const along = upright ? segment.height : segment.width;
  return Math.abs(across) >= textWidth && Math.abs(along) >= textHeight;
}
