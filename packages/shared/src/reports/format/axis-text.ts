// Spec 2 §9.1: tick and axis-label truncation lengths.
export const ELLIPSIS = '…';
export const Y_AXIS_TICK_MAX = 15;
export const SPIDER_TICK_MAX = 50;
export const X_AXIS_LABEL_SINGLE_LINE_MAX = 100;
export const X_AXIS_LABEL_LINE_LENGTHS = [120, 120] as const;
export const Y_AXIS_LABEL_SINGLE_LINE_MAX = 70;
export const Y_AXIS_LABEL_LINE_LENGTHS = [70, 67] as const;

export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

// Y-axis tick text: 15 characters plus an ellipsis.
export function truncateYAxisTick(text: string): string {
  return truncateText(text, Y_AXIS_TICK_MAX);
}

// Spider (radar) tick text: 50 characters plus an ellipsis.
export function truncateSpiderTick(text: string): string {
  return truncateText(text, SPIDER_TICK_MAX);
}

function splitLabel(text: string, singleMax: number, lengths: readonly [number, number]): string[] {
  const chars = Array.from(text);
  if (chars.length <= singleMax) return [text];
  const [first, second] = lengths;
  const line1 = chars.slice(0, first).join('');
  const rest = chars.slice(first);
  const line2 = rest.slice(0, second).join('') + (rest.length > second ? ELLIPSIS : '');
  return line2 ? [line1, line2] : [line1];
}

// X-axis label: one line up to 100 characters, otherwise two lines of 120, cut at 240 with an ellipsis.
export function xAxisLabelLines(text: string): string[] {
  return splitLabel(text, X_AXIS_LABEL_SINGLE_LINE_MAX, X_AXIS_LABEL_LINE_LENGTHS);
}

// Y-axis label: one line up to 70 characters, otherwise two lines of 70 and 67, cut at 137.
export function yAxisLabelLines(text: string): string[] {
  return splitLabel(text, Y_AXIS_LABEL_SINGLE_LINE_MAX, Y_AXIS_LABEL_LINE_LENGTHS);
}
