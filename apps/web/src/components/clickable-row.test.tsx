import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clickableRow } from './clickable-row';

describe('clickableRow (issue 14, keyboard)', () => {
  it('opens from the keyboard as from the mouse, and only for the row itself', () => {
    const open = vi.fn();
    render(
      <table>
        <tbody>
          <tr {...clickableRow(open)} data-testid="row">
            <td>
              <button type="button">Inner action</button>
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const row = screen.getByTestId('row');
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    fireEvent.click(row);
    expect(open).toHaveBeenCalledTimes(3);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Inner action' }), { key: 'Enter' });
    fireEvent.keyDown(row, { key: 'a' });
    expect(open).toHaveBeenCalledTimes(3);
  });
});
