import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TaskTabs } from './task-tabs';

describe('the task tabs (spec 2 §9.4)', () => {
  it('offers only the tabs the counts give a number, each named with its count', () => {
    renderWithProviders(
      <TaskTabs counts={{ mine: 3, group: 12, delegated: 0, all: null }} value="mine" onChange={vi.fn()} />,
    );
    const names = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual(['My tasks: 3', "My group's tasks: 12", 'Delegated tasks: 0']);
  });

  it('offers all tasks to a coordinator, capping a huge count as 1000+', () => {
    renderWithProviders(
      <TaskTabs counts={{ mine: 3, group: 0, delegated: 0, all: 1001 }} value="all" onChange={vi.fn()} />,
    );
    const all = screen.getAllByRole('tab').find((tab) => tab.textContent === 'All tasks: 1000+');
    expect(all?.getAttribute('aria-selected')).toBe('true');
  });

  it('offers a supplier their own tasks only', () => {
    renderWithProviders(
      <TaskTabs
        counts={{ mine: 2, group: null, delegated: null, all: null }}
        value="group"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['My tasks: 2']);
  });
});
