import { CHART_TYPES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { CHART_OPTION_GROUPS, chartOptionGroups } from './chart-option-groups';

describe('the chart options each chart type shows (spec 2 §3.7)', () => {
  it('every option group is shown by some chart type, and colours by all', () => {
    const shown = new Set(CHART_TYPES.flatMap((type) => [...chartOptionGroups(type)]));
    expect([...shown].sort()).toEqual([...CHART_OPTION_GROUPS].sort());
    for (const type of CHART_TYPES) expect(chartOptionGroups(type).has('colors')).toBe(true);
  });

  it('only bars stack and turn, only pies hide small labels, only the map has a theme, scale and precision', () => {
    const having = (group: (typeof CHART_OPTION_GROUPS)[number]) =>
      CHART_TYPES.filter((type) => chartOptionGroups(type).has(group));
    expect(having('stacking')).toEqual(['BAR_CHART']);
    expect(having('orientation')).toEqual(['BAR_CHART']);
    expect(having('percentageThreshold')).toEqual(['PIE_CHART']);
    expect(having('geoMap')).toEqual(['GEO_MAP_CHART']);
    expect(having('axisLabels')).not.toContain('PIE_CHART');
    expect(having('valueAsPercentage')).toEqual(['BAR_CHART', 'HEAT_MAP_CHART']);
  });
});
