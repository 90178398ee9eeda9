import { vendorOffboardingDefinition } from '@attest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { DesignerWorkspace } from './designer-workspace';

const publishedType = {
  id: 9,
  tag: 'vendor',
  name: 'Vendor',
  version: 2,
  has_region: false,
  has_business_unit: false,
  record_count_estimate: 0,
};

async function choose(scope: HTMLElement | Document['body'], label: RegExp, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the process designer's Record field", () => {
  it('offers the package’s and the published record types, and says publishing needs one until it is chosen', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi({
      '/api/v1/users/permissions/': { body: { objects: { can_view_records: true } } },
      '/api/v1/object-types/': { body: { results: [publishedType] } },
    });
    renderWithProviders(
      <DesignerWorkspace
        definition={vendorOffboardingDefinition()}
        source={undefined}
        readOnly={false}
        objectTypes={[{ tag: 'supplier', name: 'Supplier' }]}
      />,
    );
    expect(await screen.findByText('No problems')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Vendor details/ }));
    await choose(document.body, /Add a field/, 'Data object');

    const panel = await screen.findByTestId('designer-field-panel');
    // A new Record field names no type yet: the server's publish check would refuse it.
    expect(
      await within(panel).findByText(
        'A Record field names the record type it picks from. Choose one before releasing.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('designer-issue-count').textContent).toBe('Problems: 1');

    fireEvent.click(within(panel).getByRole('combobox', { name: /Record type/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('option', { name: 'Vendor (vendor)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Supplier (supplier)' }));

    await waitFor(() => expect(screen.getByTestId('designer-issue-count').textContent).toBe('No problems'));
    expect(within(panel).queryByText(/Choose one before releasing/)).toBeNull();
    expect((within(panel).getByRole('combobox', { name: /Record type/ }) as HTMLInputElement).value).toBe(
      'Supplier (supplier)',
    );
  });

  it('offers only the package’s types to a designer who may not view records, and asks nothing of the records API', async () => {
    const fetchMock = mockApi({ '/api/v1/users/permissions/': { body: { objects: {} } } });
    renderWithProviders(
      <DesignerWorkspace
        definition={vendorOffboardingDefinition()}
        source={undefined}
        readOnly={false}
        objectTypes={[{ tag: 'supplier', name: 'Supplier' }]}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Vendor details/ }));
    await choose(document.body, /Add a field/, 'Data object');
    const panel = await screen.findByTestId('designer-field-panel');
    fireEvent.click(within(panel).getByRole('combobox', { name: /Record type/ }));
    expect(await screen.findByRole('option', { name: 'Supplier (supplier)' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.some((url) => url.includes('object-types'))).toBe(false);
  });
});
