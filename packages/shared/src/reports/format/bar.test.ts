import { describe, expect, it } from 'vitest';
import {
  applyDataOrder,
  barLayout,
  changeSort,
  isSortAvailable,
  swapCategories,
  toggleOrdering,
} from './bar.js';

describe('bar chart default layout (spec 2 §3.7)', () => {
  it('is stacked when there are exactly 2 x-axis entries', () => {
    expect(barLayout(2)).toEqual({ stacked: true, grouped: false, orientation: 'vertical' });
    expect(barLayout(1)).toEqual({ stacked: false, grouped: false, orientation: 'vertical' });
    expect(barLayout(3).stacked).toBe(false);
  });

  it('unless the configuration says otherwise', () => {
    expect(barLayout(2, { is_stacked_bar_chart: false })).toEqual({
      stacked: false,
      grouped: true,
      orientation: 'vertical',
    });
    expect(barLayout(2, { is_grouped_bar_chart: true }).grouped).toBe(true);
    expect(barLayout(2, { is_grouped_bar_chart: true }).stacked).toBe(false);
    expect(barLayout(1, { is_stacked_bar_chart: true }).stacked).toBe(true);
    expect(barLayout(2, { chart_orientation: 'horizontal', is_stacked_bar_chart: null })).toEqual({
      stacked: true,
      grouped: false,
      orientation: 'horizontal',
    });
  });
});

describe('sort availability (spec 2 §4.2)', () => {
  const base = { fieldType: 'integer', showsLabels: true, isCycleTimeReport: false, editable: true };

  it('is disabled for select, radio, bool, multi-select and checkbox fields when labels are displayed', () => {
    for (const fieldType of ['select', 'single_select', 'radio', 'bool', 'multi_select', 'checkbox']) {
      expect(isSortAvailable({ ...base, fieldType }), fieldType).toBe(false);
      expect(isSortAvailable({ ...base, fieldType, showsLabels: false }), fieldType).toBe(true);
    }
    expect(isSortAvailable(base)).toBe(true);
  });

  it('is available only when not a cycle-time report and editable', () => {
    expect(isSortAvailable({ ...base, isCycleTimeReport: true })).toBe(false);
    expect(isSortAvailable({ ...base, editable: false })).toBe(false);
  });

  it('toggles ASC to DESC and back', () => {
    expect(toggleOrdering('ASC')).toBe('DESC');
    expect(toggleOrdering('DESC')).toBe('ASC');
    expect(toggleOrdering(null)).toBe('ASC');
  });

  it('changing the sort clears the custom order', () => {
    expect(changeSort('DESC')).toEqual({ ordering: 'DESC', data_order: [] });
  });
});

describe('bar drag reorder (spec 2 §4.2)', () => {
  it('swaps two categories and reports the new data order', () => {
    expect(swapCategories(['Open', 'Closed', 'Review'], 'Open', 'Review')).toEqual([
      'Review',
      'Closed',
      'Open',
    ]);
    expect(swapCategories(['Open', 'Closed'], 'Open', 'Missing')).toEqual(['Open', 'Closed']);
  });

  it('applies a saved data order, new categories last', () => {
    expect(applyDataOrder(['a', 'b', 'c', 'd'], ['c', 'x', 'a'])).toEqual(['c', 'a', 'b', 'd']);
    expect(applyDataOrder(['a', 'b'], [])).toEqual(['a', 'b']);
  });
});
