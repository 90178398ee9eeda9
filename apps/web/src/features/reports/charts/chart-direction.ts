import { useDirection } from '@mantine/core';
import type { CSSProperties } from 'react';

// Right to left (spec 1 §9: Arabic, Hebrew), the charts are mirrored through their own props, not
// by the page's CSS direction: the SVG is drawn left to right (ChartFrame sets dir="ltr" on it, so
// SVG text anchors keep their physical meaning) and the categories run from the right, the value
// axis stands on the right, slanted ticks lean the other way, legends and tooltips read right to
// left. Text of the tenant's data inside the SVG is isolated (isolate()) so it keeps its own order.
export function useChartRtl(): boolean {
  return useDirection().dir === 'rtl';
}

export type ChartMirror = {
  rtl: boolean;
  // The category axis (X of columns and lines): first category at the right.
  reversed: boolean;
  // The value axis of columns and lines, and the category axis of horizontal bars.
  yOrientation: 'left' | 'right';
  // What the tooltip's and legend's HTML boxes take: the document's reading direction.
  textStyle: CSSProperties | undefined;
};

export function chartMirror(rtl: boolean): ChartMirror {
  return {
    rtl,
    reversed: rtl,
    yOrientation: rtl ? 'right' : 'left',
    textStyle: rtl ? { direction: 'rtl', textAlign: 'right' } : undefined,
  };
}

// A left or right legend (show_legend) follows the reading direction: 'left' is the start side.
export function mirrorSide<T extends string>(side: T, rtl: boolean): T | 'left' | 'right' {
  if (!rtl) return side;
  return side === 'left' ? 'right' : side === 'right' ? 'left' : side;
}
