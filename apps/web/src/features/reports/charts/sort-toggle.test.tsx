import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SortToggle } from './sort-toggle';
import { renderChart } from './test-utils';

const base = { fieldType: 'integer', showsLabels: true, isCycleTimeReport: false, editable: true };

describe('SortToggle (spec 2 §4.2)', () => {
  it('toggles ASC to DESC and back', () => {
    const onChange = vi.fn();
    const { rerender } = renderChart(<SortToggle {...base} ordering="ASC" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    expect(onChange).toHaveBeenLastCalledWith('DESC');
    rerender(<SortToggle {...base} ordering="DESC" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(onChange).toHaveBeenLastCalledWith('ASC');
  });

  it('is disabled for a select field shown by label, a cycle-time report, or a report that cannot be edited', () => {
    const cases = [
      { ...base, fieldType: 'single_select' },
      { ...base, isCycleTimeReport: true },
      { ...base, editable: false },
    ];
    for (const props of cases) {
      const { unmount } = renderChart(<SortToggle {...props} ordering={null} onChange={() => {}} />);
      expect(screen.getByRole('button', { name: 'Sorting is not available for this field' })).toHaveProperty(
        'disabled',
        true,
      );
      unmount();
    }
  });
});
