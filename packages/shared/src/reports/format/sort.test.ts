import { describe, expect, it } from 'vitest';
import { parseReportConfig } from '../config.js';
import { firstGroupBySort, sortByFirstGroupBy } from './sort.js';

const config = parseReportConfig({
  report_kind: 'workflow',
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__status_tag' }],
  operations: [{ function: 'count', label: 'Count' }],
  order_by: [],
  other_configurations: { data_order: ['closed', 'open'] },
});

describe('sorting by the first group-by (spec 2 §4.2)', () => {
  it('reads no sort from a report that has none', () => {
    expect(config).not.toBeNull();
    if (!config) return;
    expect(firstGroupBySort(config)).toBeNull();
  });

  it('sorts by the first group-by and clears the custom data order', () => {
    if (!config) return;
    const sorted = sortByFirstGroupBy(config, 'DESC');
    expect(firstGroupBySort(sorted)).toBe('DESC');
    expect(sorted.order_by).toHaveLength(1);
    expect(sorted.order_by[0]).toMatchObject({ type: 'column', source: 'workflow__status_tag' });
    expect(sorted.other_configurations.data_order).toEqual([]);
    // Toggling again replaces the sort rather than adding a second one.
    const back = sortByFirstGroupBy(sorted, 'ASC');
    expect(back.order_by).toHaveLength(1);
    expect(firstGroupBySort(back)).toBe('ASC');
    // The result is still a valid configuration.
    expect(parseReportConfig(back)).not.toBeNull();
  });
});
