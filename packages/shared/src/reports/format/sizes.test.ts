import { describe, expect, it } from 'vitest';
import {
  CHART_DEFAULT_HEIGHT,
  exportImageSize,
  fullScreenChartHeight,
  HEAT_MAP_DEFAULT_HEIGHT,
  HEAT_MAP_Y_AXIS_COLUMN_WIDTH,
} from './sizes.js';

describe('chart heights (spec 2 §9.1)', () => {
  it('has a default height of 500', () => {
    expect(CHART_DEFAULT_HEIGHT).toBe(500);
  });

  it('full screen is the window height minus 400, at least 500', () => {
    expect(fullScreenChartHeight(1200)).toBe(800);
    expect(fullScreenChartHeight(900)).toBe(500);
    expect(fullScreenChartHeight(700)).toBe(500);
    expect(fullScreenChartHeight(901)).toBe(501);
  });

  it('heat map: default height 392, y-axis column width 200', () => {
    expect(HEAT_MAP_DEFAULT_HEIGHT).toBe(392);
    expect(HEAT_MAP_Y_AXIS_COLUMN_WIDTH).toBe(200);
  });
});

describe('chart image export padding (spec 2 §9.1)', () => {
  it('adds 24 px to the width and 48 px to the height', () => {
    expect(exportImageSize(800, 500)).toEqual({ width: 824, height: 548 });
  });
});
