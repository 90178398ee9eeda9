import { OPERATORS_BY_TYPE } from '@attest/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import { choose, renderBuilder, rootGroup, row, SETTLED, type } from './filter-builder-fixtures';
import { FILTER_DEBOUNCE_MS } from './use-settled-message';

const applyButton = () => screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement;
// Apply on an invalid filter applies nothing: it shows the problems instead.
function expectApplyRefused(onApply: ReturnType<typeof renderBuilder>['onApply']) {
  const before = onApply.mock.calls.length;
  fireEvent.click(applyButton());
  expect(onApply.mock.calls.length).toBe(before);
}
const errorText = (key: string, params?: Record<string, unknown>) => i18n.t(`filters.errors.${key}`, params);

async function operatorNames(scope: HTMLElement): Promise<string[]> {
  fireEvent.click(within(scope).getByRole('combobox', { name: 'Operator' }));
  const options = await screen.findAllByRole('option');
  const names = options.map((option) => option.textContent ?? '');
  fireEvent.keyDown(within(scope).getByRole('combobox', { name: 'Operator' }), { key: 'Escape' });
  return names;
}

// Many comboboxes opened one after another: slow when the machine's two cores are shared.
describe('filter builder', { timeout: 20_000 }, () => {
  it('builds a nested OR group and applies the expected condition group', async () => {
    const { lastValue, onApply } = renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    await choose(row(rootGroup(), 1), 'Field', 'Risk rating');
    await choose(row(rootGroup(), 1), 'Value', 'High');

    fireEvent.click(within(rootGroup()).getAllByRole('button', { name: 'Add group' })[0] as HTMLElement);
    const nested = screen.getByRole('group', { name: 'Group 1' });
    fireEvent.click(within(nested).getByRole('radio', { name: 'Any (OR)' }));
    await choose(row(nested, 1), 'Field', 'Contract amount');
    await choose(row(nested, 1), 'Operator', 'greater than');
    type(row(nested, 1), 'Value', '1000');
    fireEvent.click(within(nested).getByRole('button', { name: 'Add condition' }));
    await choose(row(nested, 2), 'Field', 'Notes');
    await choose(row(nested, 2), 'Operator', 'contains');
    type(row(nested, 2), 'Value', 'urgent');

    const expected = {
      compareType: 'AND',
      conditions: [{ field: 'field__risk', type: 'choice', operator: 'eq', value: 'high' }],
      groups: [
        {
          compareType: 'OR',
          conditions: [
            { field: 'field__amount', type: 'decimal', operator: 'gt', value: '1000' },
            { field: 'field__notes', type: 'text', operator: 'contains', value: 'urgent' },
          ],
          groups: [],
        },
      ],
    };
    expect(lastValue()).toEqual(expected);
    fireEvent.click(applyButton());
    expect(onApply).toHaveBeenCalledWith(expected);
  });

  it('offers only the operators the attribute type allows', async () => {
    renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    const label = (op: string) => i18n.t(`filters.operators.${op}`);
    for (const [field, attributeType] of [
      ['Notes', 'text'],
      ['Contract amount', 'decimal'],
      ['Due date', 'date'],
      ['Sanctioned', 'boolean'],
    ] as const) {
      await choose(row(rootGroup(), 1), 'Field', field);
      const names = await operatorNames(row(rootGroup(), 1));
      expect(names).toEqual(OPERATORS_BY_TYPE[attributeType].map(label));
    }
    // Spec 1 §5 limits, spelled out: no ordering on text, no contains on dates and booleans,
    // no in on text.
    await choose(row(rootGroup(), 1), 'Field', 'Notes');
    const text = await operatorNames(row(rootGroup(), 1));
    expect(text).not.toContain('greater than');
    expect(text).not.toContain('is any of');
    await choose(row(rootGroup(), 1), 'Field', 'Due date');
    expect(await operatorNames(row(rootGroup(), 1))).not.toContain('contains');
  });

  it("shows the relative-time errors of 'is within last' with their keys' text", async () => {
    const { lastValue, onApply } = renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    const condition = () => row(rootGroup(), 1);
    await choose(condition(), 'Field', 'Due date');
    await choose(condition(), 'Operator', 'is within last');
    const cases: [string, string, Record<string, unknown>?][] = [
      ['-5', 'negativeNumberNotAllowed'],
      ['1.5', 'decimalNumberNotAllowed'],
      ['5x', 'onlyDigitsAllowed'],
      ['4000', 'maxLimitForDays', { max: 3650 }],
    ];
    // The message waits for typing to pause.
    type(condition(), 'Value', '-');
    expect(within(condition()).queryByText(errorText('negativeNumberNotAllowed'))).toBeNull();
    for (const [amount, key, params] of cases) {
      type(condition(), 'Value', amount);
      expect(await within(condition()).findByText(errorText(key, params), {}, SETTLED)).toBeTruthy();
      expectApplyRefused(onApply);
    }
    await choose(condition(), 'Unit', 'hours');
    type(condition(), 'Value', '9000');
    expect(
      await within(condition()).findByText(errorText('maxLimitForHours', { max: 8760 }), {}, SETTLED),
    ).toBeTruthy();
    type(condition(), 'Value', '30');
    await choose(condition(), 'Unit', 'days');
    expect(lastValue().conditions[0]).toMatchObject({ operator: 'is_within_last', value: '30d' });
    fireEvent.click(applyButton());
    expect(onApply).toHaveBeenCalledWith(lastValue());
  });

  it('needs both ends of a range', async () => {
    const { lastValue, onApply } = renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    const condition = () => row(rootGroup(), 1);
    await choose(condition(), 'Field', 'Contract amount');
    await choose(condition(), 'Operator', 'between');
    type(condition(), 'From', '10');
    expect(await within(condition()).findByText(errorText('rangeNeedsTwoValues'), {}, SETTLED)).toBeTruthy();
    expectApplyRefused(onApply);
    type(condition(), 'To', '20');
    await waitFor(() => expect(within(condition()).queryByText(errorText('rangeNeedsTwoValues'))).toBeNull());
    expect(lastValue().conditions[0]?.value).toEqual(['10', '20']);
    fireEvent.click(applyButton());
    expect(onApply).toHaveBeenCalledWith(lastValue());
  });

  it('sends a picked day as its start-of-day UTC stamp', async () => {
    const { lastValue } = renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    await choose(row(rootGroup(), 1), 'Field', 'Due date');
    fireEvent.change(within(row(rootGroup(), 1)).getByLabelText('Value'), {
      target: { value: '2026-03-04' },
    });
    expect(lastValue().conditions[0]?.value).toBe('2026-03-04T00:00:00.000000Z');
  });

  it('marks a new condition only once it is touched or Apply is pressed; Clear applies no filter', async () => {
    const { onApply } = renderBuilder();
    const fieldRequired = errorText('fieldRequired');
    const picker = (position: number) =>
      within(row(rootGroup(), position)).getByRole('combobox', { name: 'Field' });
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    // Not red before the person has done anything with it.
    expect(within(row(rootGroup(), 1)).queryByText(fieldRequired)).toBeNull();
    expect(picker(1).getAttribute('aria-invalid')).not.toBe('true');
    // Apply shows the problem of a condition never touched, and applies nothing.
    expectApplyRefused(onApply);
    expect(within(row(rootGroup(), 1)).getByText(fieldRequired)).toBeTruthy();
    expect(picker(1).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(i18n.t('filters.fixToApply'))).toBeTruthy();
    // A condition added after that press waits for its own touch; the next Apply marks it and puts
    // the cursor on the first problem.
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    expect(within(row(rootGroup(), 2)).queryByText(fieldRequired)).toBeNull();
    expect(document.activeElement).toBe(picker(2));
    expectApplyRefused(onApply);
    expect(within(row(rootGroup(), 2)).getByText(fieldRequired)).toBeTruthy();
    expect(document.activeElement).toBe(picker(1));
    // Fixing it (a field, then its value) and applying applies the condition.
    await choose(row(rootGroup(), 1), 'Field', 'Labels');
    expect(
      await within(row(rootGroup(), 1)).findByText(errorText('badgeTagsValueRequired'), {}, SETTLED),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenCalledWith({ compareType: 'AND', conditions: [], groups: [] });
    expect(screen.queryByRole('group', { name: 'Condition 1' })).toBeNull();
    expect(screen.queryByText(i18n.t('filters.fixToApply'))).toBeNull();
  });

  it('shows a problem as soon as the person leaves the condition', () => {
    renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    const picker = within(row(rootGroup(), 1)).getByRole('combobox', { name: 'Field' });
    expect(within(row(rootGroup(), 1)).queryByText(errorText('fieldRequired'))).toBeNull();
    fireEvent.focusOut(picker);
    expect(within(row(rootGroup(), 1)).getByText(errorText('fieldRequired'))).toBeTruthy();
  });

  it('keeps a removed condition from passing its touched state to the next', async () => {
    // A written condition counts as touched; the blank one after it does not.
    renderBuilder({
      compareType: 'AND',
      conditions: [
        { field: 'field__notes', type: 'text', operator: 'eq', value: '' },
        { field: '', operator: null },
      ],
      groups: [],
    });
    expect(within(row(rootGroup(), 1)).getByText(errorText('valueRequired'))).toBeTruthy();
    expect(within(row(rootGroup(), 2)).queryByText(errorText('fieldRequired'))).toBeNull();
    fireEvent.click(within(row(rootGroup(), 1)).getByRole('button', { name: 'Remove condition' }));
    // The condition left is the untouched blank one: still unmarked, also once a message would
    // have settled.
    await act(() => new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS + 300)));
    expect(within(row(rootGroup(), 1)).queryByText(errorText('fieldRequired'))).toBeNull();
  });

  it('groups the field picker (Workflow, User, Steps and Fields per step) and searches it', async () => {
    renderBuilder();
    fireEvent.click(within(rootGroup()).getByRole('button', { name: 'Add condition' }));
    const picker = within(row(rootGroup(), 1)).getByRole('combobox', { name: 'Field' });
    fireEvent.click(picker);
    for (const group of ['Workflow', 'User', 'Fields · Intake', 'Steps · Screening']) {
      expect(await screen.findByText(group)).toBeTruthy();
    }
    // Mantine takes a change as typed only in the focused box.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'completion' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Screening: completion date',
      ]),
    );
  });

  it('shows a saved filter and marks an attribute the kind no longer has', () => {
    const { onApply } = renderBuilder({
      compareType: 'OR',
      conditions: [{ field: 'field__gone', type: 'text', operator: 'eq', value: 'x' }],
      groups: [
        {
          compareType: 'AND',
          conditions: [{ field: 'workflow__progress', type: 'integer', operator: 'gte', value: 50 }],
          groups: [],
        },
      ],
    });
    const match = within(rootGroup()).getAllByRole('radiogroup', { name: 'Match' })[0] as HTMLElement;
    expect((within(match).getByRole('radio', { name: 'Any (OR)' }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(row(rootGroup(), 1)).getByText(errorText('unknownAttribute', { field: 'field__gone' })),
    ).toBeTruthy();
    const nested = row(screen.getByRole('group', { name: 'Group 1' }), 1);
    expect((within(nested).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('50');
    expectApplyRefused(onApply);
    expect(document.activeElement).toBe(within(row(rootGroup(), 1)).getByRole('combobox', { name: 'Field' }));
  });
});
