import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { arrangeTabs, countText, type ToggleTabOption, ToggleTabs } from './toggle-tabs';

const SIX: ToggleTabOption[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((v) => ({ value: v, label: `Tab ${v}` }));
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function Harness({ options = SIX, responsive }: { options?: ToggleTabOption[]; responsive?: boolean }) {
  const [value, setValue] = useState('a');
  return (
    <ToggleTabs
      aria-label="Views"
      options={options}
      value={value}
      onChange={setValue}
      responsive={responsive}
      overflowCount={99}
    />
  );
}

describe('ToggleTabs (spec 2 §2.9, §3.11, §4.3)', () => {
  it('arranges four visible tabs, fills gaps in option order and moves a chosen hidden tab into the last place', () => {
    const values = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(arrangeTabs(values, [], 'a', 4)).toEqual({ visible: ['a', 'b', 'c', 'd'], hidden: ['e', 'f'] });
    expect(arrangeTabs(values, ['a', 'b', 'c', 'd'], 'f', 4)).toEqual({
      visible: ['a', 'b', 'c', 'f'],
      hidden: ['d', 'e'],
    });
    // A tab gone from the options leaves its place to the next one.
    expect(arrangeTabs(['a', 'c', 'd', 'e'], ['a', 'b', 'c', 'd'], 'a', 4).visible).toEqual([
      'a',
      'c',
      'd',
      'e',
    ]);
    expect(countText(1200, 999)).toBe('999+');
    expect(countText(12, 999)).toBe('12');
  });

  it('shows four tabs in a tablist and the rest in a "More" menu; choosing one there selects it and shows it', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    expect(tabNames()).toEqual(['Tab a', 'Tab b', 'Tab c', 'Tab d']);
    fireEvent.click(screen.getByRole('button', { name: 'More (2)' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Tab e', 'Tab f']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tab f' }));
    expect(tabNames()).toEqual(['Tab a', 'Tab b', 'Tab c', 'Tab f']);
    expect(screen.getByRole('tab', { name: 'Tab f' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'More (2)' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Tab d', 'Tab e']);
  });

  it('selects on click, leaves out tabs not enabled, disables tabs and caps each count badge as N+', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ToggleTabs
        aria-label="Queues"
        value="open"
        onChange={onChange}
        overflowCount={999}
        options={[
          { value: 'open', label: 'Open', count: 3 },
          { value: 'late', label: 'Late', count: 1500 },
          { value: 'hidden', label: 'Hidden', enabled: false },
          { value: 'locked', label: 'Locked', disabled: true },
        ]}
      />,
    );
    expect(tabNames()).toEqual(['Open: 3', 'Late: 999+', 'Locked']);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
    expect((screen.getByRole('tab', { name: 'Locked' }) as HTMLButtonElement).disabled).toBe(true);
    // By its text: happy-dom lays the badge out as a block, so the computed name gets an extra space.
    fireEvent.click(
      screen.getAllByRole('tab').find((tab) => tab.textContent === 'Late: 999+') as HTMLElement,
    );
    expect(onChange).toHaveBeenCalledWith('late');
  });

  it('moves between tabs with the arrow keys, and limits each tab to 200 px', () => {
    renderWithProviders(<Harness />);
    const first = screen.getByRole('tab', { name: 'Tab a' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Tab b');
    expect(screen.getByRole('tab', { name: 'Tab b' }).getAttribute('aria-selected')).toBe('true');
    expect(getComputedStyle(first).maxWidth).toBe('200px');
  });

  it('shows every tab when not responsive', () => {
    renderWithProviders(<Harness responsive={false} />);
    expect(tabNames()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
  });
});
