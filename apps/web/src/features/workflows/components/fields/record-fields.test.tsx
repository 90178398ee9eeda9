import { WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../../test/fetch-mock';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { fieldOf } from './field-fixtures';
import { FieldInput } from './field-input';

afterEach(() => vi.unstubAllGlobals());

function renderField(
  field: ReturnType<typeof fieldOf>,
  value: unknown,
  queryClient = createTestQueryClient(),
) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <FieldInput field={field} value={value} onChange={onChange} onCommit={onCommit} workflowId={7} />
        ),
      },
    ],
    { queryClient },
  );
  return { onChange, onCommit, queryClient };
}

describe('fields whose choices are records', () => {
  it('lists the dynamic values of the workflow and saves the record id', async () => {
    const field = fieldOf('region', { label: 'Delivery region' });
    const fetchMock = mockApi({
      [WORKFLOW_PATHS.dynamicLov(7, field.tag)]: {
        body: {
          results: [
            { label: 'Europe', value: 3 },
            { label: 'Asia Pacific', value: '4' },
          ],
        },
      },
    });
    const { onCommit } = renderField(field, undefined);
    await waitFor(() => expect(callsTo(fetchMock, WORKFLOW_PATHS.dynamicLov(7, field.tag))).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: /Delivery region/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Europe' }));
    expect(onCommit).toHaveBeenCalledWith(3);
  });

  it('lists the children the field started and starts another, then refreshes the workflow', async () => {
    const field = fieldOf('child_workflow', { label: 'Risk assessments' });
    const status = { id: 1, display_name: 'Open', color_code: 'blue', tag: 'open' };
    const child = {
      id: 21,
      name: 'Acme – Risk assessment 1',
      kind_name: 'Risk Assessment',
      status,
      progress: 40,
    };
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['workflows', 'detail', 7], { id: 7, children: [child] });
    const detail = {
      id: 7,
      name: 'Acme',
      kind: { id: 1, tag: 'supplier_onboarding', name: 'Supplier Onboarding', icon: null },
      definition_id: 1,
      definition_version: 1,
      definition: {},
      status,
      region: { id: 3, name: 'Europe' },
      business_unit: null,
      parent: null,
      children: [child],
      progress: 10,
      is_locked: false,
      archived_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
      created_by: null,
      cycle_time: null,
      ageing: null,
      answers: {},
      answer_meta: {},
      visible_fields: [],
      steps: [],
      alerts: [],
      abilities: {
        can_edit: true,
        can_submit: true,
        can_undo: true,
        can_archive: false,
        can_view_activity_log: true,
        can_view_progress_map: true,
      },
    };
    const created = { child: { id: 22, name: 'Acme – Risk assessment 2' }, workflow: detail };
    const fetchMock = mockApi({
      [WORKFLOW_PATHS.childWorkflows(7, field.tag)]: { status: 201, body: created },
    });
    renderField(field, [21], queryClient);
    expect(screen.getByRole('link', { name: 'Acme – Risk assessment 1' }).getAttribute('href')).toBe(
      '/process/21',
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Start Risk assessment' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, WORKFLOW_PATHS.childWorkflows(7, field.tag))).toHaveLength(1),
    );
    expect(callsTo(fetchMock, WORKFLOW_PATHS.childWorkflows(7, field.tag))[0]?.[1]?.method).toBe('POST');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['workflows', 'detail', 7] }));
  });
});

describe('table fields', () => {
  it('adds a row, saves the table when a cell is done, and shows cell errors in their cell', () => {
    const field = fieldOf('table', { label: 'Shareholders', validation: { max_rows: 2 } });
    const { onCommit } = renderField(field, [{ item: 'Desk', amount: 3 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const item = screen.getByLabelText('Item, row 2');
    fireEvent.change(item, { target: { value: 'Chair' } });
    fireEvent.blur(item);
    expect(onCommit).toHaveBeenLastCalledWith([{ item: 'Desk', amount: 3 }, { item: 'Chair' }]);
    expect(screen.getByRole('button', { name: 'Add row' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(onCommit).toHaveBeenLastCalledWith([{ item: 'Chair' }]);
  });

  it('names each cell for screen readers without repeating the column in the cell', () => {
    const field = fieldOf('table', {
      label: 'Checks',
      columns: [{ tag: 'done', type: 'checkbox', label: 'Done' }],
    });
    const { onCommit } = renderField(field, [{}]);
    expect(screen.queryByText('Done, row 1')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Done, row 1' }));
    expect(onCommit).toHaveBeenLastCalledWith([{ done: true }]);
  });
});
