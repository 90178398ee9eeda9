import { vendorOffboardingDefinition } from '@attest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { DesignerWorkspace } from './designer-workspace';

const details = 'vendor_offboarding__intake__details';

describe("the process panel's list settings", () => {
  it('picks list columns and a sorting field by label, and undoes', { timeout: 60_000 }, async () => {
    renderWithProviders(
      <DesignerWorkspace definition={vendorOffboardingDefinition()} source={undefined} readOnly={false} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Process settings' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'List columns' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendor name' }));
    await waitFor(() =>
      expect(screen.getByText('Vendor name', { selector: '.mantine-Pill-label' })).toBeTruthy(),
    );

    const sorting = screen.getByRole('combobox', { name: 'Sorting field' });
    fireEvent.click(sorting);
    // The columns' dropdown may still be open: pick from the sorting field's own list.
    await waitFor(() =>
      expect(document.getElementById(sorting.getAttribute('aria-controls') ?? '')).toBeTruthy(),
    );
    const list = document.getElementById(sorting.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(within(list).getByRole('option', { name: 'Last day' }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Sorting field' }) as HTMLInputElement).value).toBe(
        'Last day',
      ),
    );
    expect(screen.getByTestId('designer-issue-count').textContent).toBe('No problems');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Sorting field' }) as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows the schema message under the list columns', async () => {
    const definition = { ...vendorOffboardingDefinition(), list_columns: [`${details}__gone`] };
    renderWithProviders(<DesignerWorkspace definition={definition} source={undefined} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Process settings' }));
    expect(await screen.findByText(`The field '${details}__gone' does not exist.`)).toBeTruthy();
  });
});
