import {
  type ConditionGroup,
  commonCatalogue,
  emptyConditionGroup,
  type FilterAttribute,
} from '@attest/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { FilterBuilder } from './filter-builder';
import type { FilterChoices } from './filter-choices';

const field = (
  tag: string,
  label: string,
  type: FilterAttribute['type'],
  fieldType: string,
  options: FilterAttribute['options'] = null,
): FilterAttribute => ({
  path: `field__${tag}`,
  label,
  label_key: null,
  group_label: 'Intake',
  type,
  options,
  source: { kind: 'field', field_tag: tag, field_type: fieldType },
});

// The common attributes and one field of each kind of value the builder edits.
export const CATALOGUE: FilterAttribute[] = [
  ...commonCatalogue(),
  field('notes', 'Notes', 'text', 'text'),
  field('amount', 'Contract amount', 'decimal', 'currency'),
  field('due', 'Due date', 'date', 'date'),
  field('risk', 'Risk rating', 'choice', 'single_select', [
    { value: 'high', label: 'High' },
    { value: 'low', label: 'Low' },
  ]),
  field('labels', 'Labels', 'badge_tags', 'badge_tags'),
  field('sanctioned', 'Sanctioned', 'boolean', 'bool'),
  field('country', 'Country of incorporation', 'choice', 'country_single_select'),
  field('delivery_region', 'Delivery region', 'choice', 'region'),
  {
    path: 'step__screening__completed_at',
    label: 'Screening: completion date',
    label_key: 'attributes.step.completed_at',
    group_label: 'Screening',
    type: 'date',
    options: null,
    source: { kind: 'step', step_tag: 'screening', attribute: 'completed_at' },
  },
];

// The builder as the dashboard holds it: the value in state, each change and apply recorded.
export function renderBuilder(initial: ConditionGroup = emptyConditionGroup(), choices?: FilterChoices) {
  const onChange = vi.fn();
  const onApply = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <FilterBuilder
        catalogue={CATALOGUE}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        onApply={onApply}
        choices={choices}
      />
    );
  }
  renderWithProviders(<Harness />);
  const lastValue = (): ConditionGroup => onChange.mock.calls.at(-1)?.[0];
  return { onChange, onApply, lastValue };
}

export async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

export function type(scope: HTMLElement, label: string, text: string) {
  fireEvent.change(within(scope).getByRole('textbox', { name: label }), { target: { value: text } });
}

// A new message shows once typing pauses (650 ms): wait longer than that.
export const SETTLED = { timeout: 3000 };

// A condition row within a group (the first match is the group's own row: nested groups follow).
export const row = (scope: HTMLElement, position: number) =>
  within(scope).getAllByRole('group', { name: `Condition ${position}` })[0] as HTMLElement;

export const rootGroup = () => screen.getByRole('group', { name: 'Advanced filter' });
