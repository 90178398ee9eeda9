import { RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../../test/fetch-mock';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { permissionsQueryOptions } from '../../../auth';
import { fieldOf } from './field-fixtures';
import { FieldInput } from './field-input';

afterEach(() => vi.unstubAllGlobals());

const field = fieldOf('data_object', {
  tag: 'supplier_record',
  label: 'Supplier',
  object_type_tag: 'supplier',
});
const SEARCH = RECORD_PATHS.search('supplier');

function renderPicker(value: unknown, { readOnly = false, answerRecords = {}, canViewRecords = true } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, { can_view_records: canViewRecords });
  // The workflow's detail (as the process page holds it) carries the answered record's title.
  queryClient.setQueryData(['workflows', 'detail', 7], { id: 7, answer_records: answerRecords });
  const onCommit = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: <Answered initial={value} onCommit={onCommit} readOnly={readOnly} />,
      },
    ],
    { queryClient },
  );
  return { onCommit };
}

// The field as the step holds it: its answer changes as the person picks.
function Answered({
  initial,
  onCommit,
  readOnly,
}: {
  initial: unknown;
  onCommit: (value: unknown) => void;
  readOnly: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <FieldInput
      field={field}
      value={value}
      onChange={setValue}
      onCommit={onCommit}
      workflowId={7}
      readOnly={readOnly}
    />
  );
}

const searchedFor = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, SEARCH).map(([input]) =>
    new URL(String(input), 'http://acme.localhost').searchParams.get('q'),
  );

describe('RecordPickerField (data_object)', { timeout: 30_000 }, () => {
  it('searches the records by the typed title (debounced), saves the chosen id and links to it', async () => {
    const fetchMock = mockApi({
      [SEARCH]: () => ({
        body: {
          results: [
            { id: 41, title: 'Nordwind GmbH' },
            { id: 42, title: 'Nordic Steel' },
          ],
        },
      }),
    });
    const { onCommit } = renderPicker(null);
    const input = screen.getByRole('combobox', { name: /Supplier/ });
    // Typed by the person (Mantine ignores changes to an input without focus: autofill).
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Nord' } });
    fireEvent.change(input, { target: { value: 'Nordi' } });
    await screen.findByRole('option', { name: 'Nordic Steel' });
    // One search for what was finally typed, not one per keystroke.
    await waitFor(() => expect(searchedFor(fetchMock)).toContain('Nordi'));
    expect(searchedFor(fetchMock)).not.toContain('Nord');
    fireEvent.click(screen.getByRole('option', { name: 'Nordic Steel' }));
    expect(onCommit).toHaveBeenCalledWith(42);
    const link = await screen.findByRole('link', { name: 'Nordic Steel' });
    expect(link.getAttribute('href')).toBe('/records/supplier/42');
  });

  it("shows a saved answer by the record's title from the workflow, read-only as a link", async () => {
    const fetchMock = mockApi({});
    renderPicker(42, {
      readOnly: true,
      answerRecords: { supplier_record: { id: 42, title: 'Nordic Steel', visible: true } },
    });
    const link = await screen.findByRole('link', { name: 'Nordic Steel' });
    expect(link.getAttribute('href')).toBe('/records/supplier/42');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText('42')).toBeNull();
    expect(callsTo(fetchMock, SEARCH)).toHaveLength(0);
  });

  it('names a record the person may not see by its number, without a link', async () => {
    mockApi({});
    renderPicker(43, {
      readOnly: true,
      answerRecords: { supplier_record: { id: 43, title: null, visible: false } },
    });
    expect(await screen.findByText('Record 43 (not visible to you)')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the title without a link to one who may not view records', async () => {
    mockApi({});
    renderPicker(42, {
      readOnly: true,
      canViewRecords: false,
      answerRecords: { supplier_record: { id: 42, title: 'Nordic Steel', visible: true } },
    });
    expect(await screen.findByText('Nordic Steel')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
