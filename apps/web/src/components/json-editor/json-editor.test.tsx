import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { JsonEditor } from './json-editor';

// The real vanilla-jsoneditor, loaded lazily as in the app; what happy-dom can show of it.
describe('JsonEditor', () => {
  it('loads the editor on demand with the given JSON, in code, tree and view modes', async () => {
    const { container } = renderWithProviders(
      <JsonEditor label="Configuration" value='{"greeting": "hello"}' onChange={vi.fn()} />,
    );
    await waitFor(() => expect(container.querySelector('.jse-main')).not.toBeNull(), { timeout: 10_000 });
    expect(container.querySelector('.attest-json-editor')?.getAttribute('dir')).toBe('ltr');
    expect(container.querySelector('.jse-text-mode')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Tree' }));
    await waitFor(() => expect(container.querySelector('.jse-tree-mode')).not.toBeNull());
    expect(container.textContent).toContain('hello');
    fireEvent.click(screen.getByRole('radio', { name: 'View' }));
    await waitFor(() =>
      expect(container.querySelector('.jse-main.jse-readonly, .jse-readonly')).not.toBeNull(),
    );
  });

  it('is view-only when disabled: no mode switch, read-only', async () => {
    const { container } = renderWithProviders(<JsonEditor label="Configuration" value="not json" disabled />);
    await waitFor(() => expect(container.querySelector('.jse-main')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('View only')).toBeTruthy();
    expect(container.querySelector('.jse-tree-mode')).not.toBeNull();
  });
});
