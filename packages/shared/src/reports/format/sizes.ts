// Spec 2 §9.1: chart heights and image-export padding.
export const CHART_DEFAULT_HEIGHT = 500;
export const FULL_SCREEN_HEIGHT_OFFSET = 400;
export const FULL_SCREEN_MIN_HEIGHT = 500;
export const HEAT_MAP_DEFAULT_HEIGHT = 392;
export const HEAT_MAP_Y_AXIS_COLUMN_WIDTH = 200;
export const EXPORT_PADDING_WIDTH = 24;
export const EXPORT_PADDING_HEIGHT = 48;

// Full screen: window height minus 400, at least 500.
export function fullScreenChartHeight(windowHeight: number): number {
  return Math.max(FULL_SCREEN_MIN_HEIGHT, windowHeight - FULL_SCREEN_HEIGHT_OFFSET);
}

// The exported PNG adds 24 px to the width and 48 px to the height.
export function exportImageSize(width: number, height: number): { width: number; height: number } {
  return { width: width + EXPORT_PADDING_WIDTH, height: height + EXPORT_PADDING_HEIGHT };
}
