import { vendorOffboardingDefinition } from '@attest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { DesignerWorkspace } from './designer-workspace';

async function choose(label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the process designer', () => {
  it('adds a field from the palette, shows the schema message next to it, and undoes', {
    timeout: 60_000,
  }, async () => {
    renderWithProviders(
      <DesignerWorkspace definition={vendorOffboardingDefinition()} source={undefined} readOnly={false} />,
    );
    expect(await screen.findByText('No problems')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Vendor details/ }));
    await choose(/Add a field/, 'Table');

    const panel = await screen.findByTestId('designer-field-panel');
    expect((within(panel).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('Table');
    // A table without columns breaks the definition schema: its own message shows by the columns.
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Column 1' }));
    expect(await within(panel).findByText(/columns are required on, and only on, table fields/)).toBeTruthy();
    expect(screen.getByTestId('designer-issue-count').textContent).toBe('Problems: 1');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('designer-issue-count').textContent).toBe('No problems'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    // The field is gone with the second undo: the panel falls back to its step, with three fields.
    await waitFor(() => expect(screen.queryByTestId('designer-field-panel')).toBeNull());
    expect(screen.getAllByTestId('designer-field')).toHaveLength(3);

    // Redo brings the field back, and the selection still points at it.
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(await screen.findByTestId('designer-field-panel')).toBeTruthy();
  });

  it('moves a step with its buttons (the keyboard alternative to dragging)', async () => {
    renderWithProviders(
      <DesignerWorkspace definition={vendorOffboardingDefinition()} source={undefined} readOnly={false} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Move Vendor details later' }));
    const lane = screen.getAllByTestId('designer-lane')[0] as HTMLElement;
    const names = within(lane)
      .getAllByTestId('designer-step')
      .map((card) => card.textContent);
    expect(names[0]).toContain('Legal review');
    expect(names[1]).toContain('Vendor details');
  });

  it('is read-only for a savepoint', async () => {
    renderWithProviders(
      <DesignerWorkspace definition={vendorOffboardingDefinition()} source={undefined} readOnly />,
    );
    expect(await screen.findByText('Read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add step/ })).toBeNull();
  });
});
