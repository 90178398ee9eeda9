import { RECORD_PATHS, REPORT_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { makeSupplierType } from '../../../test/record-fixtures';
import { renderRoutes } from '../../../test/render';
import { RecordsReportPage } from './records-report-page';
import { makeReport, page } from './test-data';

const supplier = makeSupplierType();

function renderPage() {
  const fetchMock = mockApi({
    [WORKFLOW_PATHS.kinds]: { body: page([]) },
    [RECORD_PATHS.objectTypes]: {
      body: {
        results: [
          {
            id: supplier.id,
            tag: 'supplier',
            name: 'Supplier',
            version: 1,
            has_region: true,
            has_business_unit: false,
            record_count_estimate: 12,
          },
        ],
      },
    },
    [RECORD_PATHS.objectType('supplier')]: { body: supplier },
    [REPORT_PATHS.reports]: { body: makeReport({ id: 12 }) },
    [REPORT_PATHS.preview]: { body: { results: [['Tier', 'Count']], count: 0 } },
  });
  const { router } = renderRoutes(
    [
      { path: '/dashboards/:id/records-report/new', element: <RecordsReportPage dashboardId={5} /> },
      { path: '/dashboard/5', element: <p>the dashboard</p> },
    ],
    { url: '/dashboards/5/records-report/new' },
  );
  return { fetchMock, router };
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('RecordsReportPage', { timeout: 60_000 }, () => {
  it('starts an Object Report; its object type offers the record and field columns, and Save sends both', async () => {
    const { fetchMock, router } = renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Suppliers by tier' },
    });
    expect((screen.getByRole('combobox', { name: 'Report kind' }) as HTMLInputElement).value).toBe(
      'Object Report',
    );
    // Without an object type, nothing can be saved.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the object type the report reads.')).toBeTruthy();
    expect(callsTo(fetchMock, REPORT_PATHS.reports)).toHaveLength(0);

    await choose('Object type', 'Supplier');
    fireEvent.click(screen.getByRole('combobox', { name: 'Columns' }));
    // The record's own columns, its fields by their labels, and the linked workflows'.
    expect(await screen.findByRole('option', { name: 'Title' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Region' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Linked workflow: Region' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'VAT number' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Business unit' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Tier' }));
    await choose('Group by', 'Tier');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/5'));
    const saves = callsTo(fetchMock, REPORT_PATHS.reports).map(([, init]) => JSON.parse(String(init?.body)));
    expect(saves).toHaveLength(1);
    const body = saves[0];
    expect(body.config).toMatchObject({
      report_kind: 'object',
      object_type_id: supplier.id,
      kind_id: null,
      group_by: [{ source: 'record_field__tier' }],
    });
    expect(body.config.attributes.map((a: { value: string }) => a.value)).toContain('record_field__tier');
  });
});
