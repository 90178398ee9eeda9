import { SUBSCRIPTION_PATHS } from '@attest/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../../test/fetch-mock';
import { choose, renderBuilder, rootGroup, row } from './filter-builder-fixtures';
import { statusOptions } from './filter-choices';

const REGIONS = {
  regions: [
    { value: '3', label: 'Europe' },
    { value: '7', label: 'North America' },
  ],
  businessUnits: [{ value: '11', label: 'Procurement' }],
};

const addCondition = () =>
  fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

async function optionNames(scope: HTMLElement, label: string): Promise<string[]> {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  const options = await screen.findAllByRole('option');
  const names = options.map((option) => option.textContent ?? '');
  fireEvent.keyDown(within(scope).getByRole('combobox', { name: label }), { key: 'Escape' });
  return names;
}

afterEach(() => vi.unstubAllGlobals());

// Values a person picks by name; the filter holds the codes and ids the server compares.
// The country list has 249 options: opening it is slow on a busy machine.
describe('filter builder value pickers', { timeout: 40_000 }, () => {
  it('offers countries by name for a country field and applies the ISO code', async () => {
    const { onApply } = renderBuilder();
    addCondition();
    await choose(row(rootGroup(), 1), 'Field', 'Country of incorporation');
    // A picker, not a box to type 'DE' into.
    expect(within(row(rootGroup(), 1)).queryByRole('textbox', { name: 'Value' })).toBeNull();
    await choose(row(rootGroup(), 1), 'Value', 'Germany');
    apply();
    expect(onApply).toHaveBeenCalledWith({
      compareType: 'AND',
      conditions: [{ field: 'field__country', type: 'choice', operator: 'eq', value: 'DE' }],
      groups: [],
    });
  });

  it('offers several countries for "is any of"', async () => {
    const { onApply } = renderBuilder();
    addCondition();
    await choose(row(rootGroup(), 1), 'Field', 'Country of incorporation');
    await choose(row(rootGroup(), 1), 'Operator', 'is any of');
    // Searched by name, as a person would in a list this long.
    for (const [typed, country] of [
      ['fra', 'France'],
      ['jap', 'Japan'],
    ]) {
      const box = within(row(rootGroup(), 1)).getByRole('combobox', { name: 'Value' });
      box.focus();
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.click(await screen.findByRole('option', { name: country }));
    }
    apply();
    expect(onApply.mock.calls.at(-1)?.[0].conditions[0]).toMatchObject({
      operator: 'in',
      value: ['FR', 'JP'],
    });
  });

  it('offers region names for the workflow region and a region field, and applies their ids', async () => {
    const { onApply } = renderBuilder(undefined, REGIONS);
    addCondition();
    await choose(row(rootGroup(), 1), 'Field', 'Workflow region');
    expect(await optionNames(row(rootGroup(), 1), 'Value')).toEqual(['Europe', 'North America']);
    await choose(row(rootGroup(), 1), 'Value', 'Europe');
    addCondition();
    await choose(row(rootGroup(), 2), 'Field', 'Delivery region');
    await choose(row(rootGroup(), 2), 'Value', 'North America');
    apply();
    expect(onApply.mock.calls.at(-1)?.[0].conditions).toEqual([
      { field: 'workflow__region', type: 'choice', operator: 'eq', value: '3' },
      { field: 'field__delivery_region', type: 'choice', operator: 'eq', value: '7' },
    ]);
  });

  it('shows a saved region by its name, and one no longer offered by its id', () => {
    renderBuilder(
      {
        compareType: 'AND',
        conditions: [{ field: 'workflow__region', type: 'choice', operator: 'in', value: ['7', '99'] }],
        groups: [],
      },
      REGIONS,
    );
    const condition = row(rootGroup(), 1);
    expect(within(condition).getByText('North America')).toBeTruthy();
    expect(within(condition).getByText('99')).toBeTruthy();
  });

  it("offers every kind's statuses by name for the workflow status and applies the tag", async () => {
    const { onApply } = renderBuilder(undefined, {
      statuses: statusOptions([
        { tag: 'draft', display_name: 'Draft' },
        { tag: 'in_review', display_name: 'In Review' },
        { tag: 'draft', display_name: 'Draft' },
        { tag: 'in_review', display_name: 'Under review' },
      ]),
    });
    addCondition();
    await choose(row(rootGroup(), 1), 'Field', 'Workflow status');
    expect(await optionNames(row(rootGroup(), 1), 'Value')).toEqual(['Draft', 'In Review / Under review']);
    await choose(row(rootGroup(), 1), 'Value', 'In Review / Under review');
    apply();
    expect(onApply.mock.calls.at(-1)?.[0].conditions[0]).toMatchObject({ value: 'in_review' });
  });

  it("offers the tenant's badges by label, with their colour, for the workflow's badges and applies the tags", async () => {
    const { onApply } = renderBuilder(undefined, {
      badges: [
        { value: 'expiring', label: 'Contract expiring', color: '#e8590c' },
        { value: 'high_risk', label: 'High risk', color: '#e03131' },
      ],
    });
    addCondition();
    await choose(row(rootGroup(), 1), 'Field', 'Workflow badges');
    // "is any of" is the operator a badge filter starts with; a picker, not typed tags.
    await choose(row(rootGroup(), 1), 'Operator', 'is any of');
    expect(within(row(rootGroup(), 1)).queryByPlaceholderText('Type a tag and press Enter')).toBeNull();
    fireEvent.click(within(row(rootGroup(), 1)).getByRole('combobox', { name: 'Value' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Contract expiring', 'High risk']);
    expect(options[0]?.querySelector('.mantine-ColorSwatch-root')).not.toBeNull();
    fireEvent.click(options[1] as HTMLElement);
    apply();
    expect(onApply.mock.calls.at(-1)?.[0].conditions[0]).toMatchObject({
      field: 'workflow__badges',
      operator: 'in',
      value: ['high_risk'],
    });
  });

  it('offers people by name for a person attribute and applies their id', async () => {
    const fetchMock = mockApi({
      [SUBSCRIPTION_PATHS.userList]: {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [
            { id: 4, name: 'Alex Admin', email: 'admin@acme.test' },
            { id: 5, name: 'Ana Analyst', email: 'analyst@acme.test' },
          ],
        },
      },
    });
    const { onApply } = renderBuilder();
    addCondition();
    // Nobody is loaded before a condition names a person.
    expect(callsTo(fetchMock, SUBSCRIPTION_PATHS.userList)).toHaveLength(0);
    await choose(row(rootGroup(), 1), 'Field', 'Workflow created by');
    // The people arrive: the typed id gives way to a picker.
    await within(row(rootGroup(), 1)).findByRole('combobox', { name: 'Value' });
    await choose(row(rootGroup(), 1), 'Value', 'Ana Analyst (analyst@acme.test)');
    apply();
    expect(onApply.mock.calls.at(-1)?.[0].conditions[0]).toEqual({
      field: 'workflow__created_by',
      type: 'user',
      operator: 'eq',
      value: '5',
    });
  });
});
