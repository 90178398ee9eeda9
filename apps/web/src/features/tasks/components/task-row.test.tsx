import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { TaskAssignee } from '../api/task-contract';
import { makeTaskRow } from '../test/task-fixture';
import { AVATARS_COLLAPSE_MS } from './task-avatars';
import { TaskRow } from './task-row';

afterEach(() => vi.useRealTimers());

const people = (n: number): TaskAssignee[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'user',
    id: i + 1,
    name: `Person ${String.fromCharCode(65 + i)}x`,
  }));

// The signed-in person in these tests (not the fixture's assignee, Ana Analyst, id 7).
const VIEWER_ID = 12;

function renderRow(overrides: Parameters<typeof makeTaskRow>[0] = {}) {
  const onSelectedChange = vi.fn();
  renderWithProviders(
    <ul>
      <TaskRow
        row={makeTaskRow(overrides)}
        viewerId={VIEWER_ID}
        selectable={overrides.actions?.reassign ?? false}
        selected={false}
        onSelectedChange={onSelectedChange}
      />
    </ul>,
  );
  return { row: screen.getByRole('listitem', { name: makeTaskRow(overrides).step.name }), onSelectedChange };
}

describe('the task row (spec 2 §3.10, §9.2)', () => {
  it.each([
    ['delayed', 'Delayed'],
    ['to-be-delayed', 'Due soon'],
    ['FYI', 'For your information'],
    ['locked', 'Locked'],
    ['my-task', 'My task'],
    ['neutral', 'Open'],
    ['assistedByAI', 'Assisted by AI'],
  ] as const)('writes the %s type in words, not colour alone', (type, words) => {
    const { row } = renderRow({ type });
    expect(row.getAttribute('data-type')).toBe(type);
    expect(within(row).getByText(words)).toBeTruthy();
  });

  it('is named by its step and links its workflow to the step on the process page', () => {
    const { row } = renderRow();
    const link = within(row).getByRole('link', { name: 'Northwind onboarding' });
    expect(link.getAttribute('href')).toBe('/process/41?group=review&step=legal_review');
  });

  it.each([
    [205, '205 days overdue'],
    [1, '1 day overdue'],
  ])('shows %i days overdue in words with their plural (as the home page does)', (days, words) => {
    expect(within(renderRow({ overdue_days: days, type: 'delayed' }).row).getByText(words)).toBeTruthy();
  });

  it('shows no overdue days on a task on time', () => {
    const { row } = renderRow();
    expect(within(row).queryByTestId('task-overdue')).toBeNull();
  });

  it('names the alert count with its level, and says for whom and who claimed it', () => {
    const { row } = renderRow({
      alert_count: 2,
      alert_color: 'R',
      delegated_from: { id: 9, name: 'Bea Boss' },
      claimed_by: { id: 7, name: 'Ana Analyst' },
    });
    expect(within(row).getByText('Alerts: 2 (red)')).toBeTruthy();
    expect(within(row).getByText('For Bea Boss')).toBeTruthy();
    expect(within(row).getByText('Claimed by Ana Analyst')).toBeTruthy();
  });

  it("says 'Claimed by you' on the viewer's own claim", () => {
    const { row } = renderRow({ claimed_by: { id: VIEWER_ID, name: 'Cleo Viewer' } });
    expect(within(row).getByText('Claimed by you')).toBeTruthy();
    expect(within(row).queryByText(/Cleo Viewer/)).toBeNull();
  });

  it('shows two avatars and +N, expands on hover and collapses 300 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    const { row } = renderRow({ assignees: [...people(3), { kind: 'group', id: 4, name: 'Reviewers' }] });
    const stack = within(row).getByTestId('task-avatars');
    expect(within(stack).getAllByRole('img')).toHaveLength(2);
    const more = within(stack).getByRole('button', { name: 'More assignees: 2' });
    expect(more.textContent).toBe('+2');

    fireEvent.mouseEnter(stack);
    expect(within(stack).getAllByRole('img')).toHaveLength(4);
    expect(within(stack).getByRole('img', { name: 'Group Reviewers' })).toBeTruthy();

    fireEvent.mouseLeave(stack);
    act(() => vi.advanceTimersByTime(AVATARS_COLLAPSE_MS - 50));
    expect(within(stack).getAllByRole('img')).toHaveLength(4);
    act(() => vi.advanceTimersByTime(60));
    expect(within(stack).getAllByRole('img')).toHaveLength(2);
  });

  it('expands the avatars on keyboard focus too', () => {
    const { row } = renderRow({ assignees: people(5) });
    const stack = within(row).getByTestId('task-avatars');
    fireEvent.focus(within(stack).getByRole('button', { name: 'More assignees: 3' }));
    expect(within(stack).getAllByRole('img')).toHaveLength(5);
  });

  it('offers no checkbox on a row the viewer may not reassign', () => {
    expect(within(renderRow().row).queryByRole('checkbox')).toBeNull();
  });

  it('offers a checkbox for reassignment when the row may be reassigned', () => {
    const { row, onSelectedChange } = renderRow({
      actions: { claim: false, unclaim: false, reassign: true },
    });
    fireEvent.click(
      within(row).getByRole('checkbox', { name: 'Select Legal review of Northwind onboarding' }),
    );
    expect(onSelectedChange).toHaveBeenCalledWith(true);
  });
});
