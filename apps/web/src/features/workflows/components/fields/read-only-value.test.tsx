import type { FieldDefinition, FieldType } from '@attest/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import ar from '../../../../locales/ar.json';
import de from '../../../../locales/de.json';
import { renderWithProviders } from '../../../../test/render';
import { fieldOf } from './field-fixtures';
import { FieldInput } from './field-input';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// A submitted step's answers, as the process page passes them once the step is read-only.
const ANSWERS: [FieldType, Partial<FieldDefinition>, unknown][] = [
  ['char_field', { label: 'Supplier name' }, 'Northwind Logistics GmbH'],
  ['naive_date', { label: 'Contract start' }, '2026-12-21'],
  ['date', { label: 'Signed on' }, '2026-03-04T00:00:00.000Z'],
  ['currency', { label: 'Annual spend' }, { amount: 250000, currency: 'EUR' }],
  ['decimal', { label: 'Score' }, 1234.5],
  ['single_select', { label: 'Risk' }, 'high'],
  ['country_single_select', { label: 'Country' }, 'FR'],
  ['bool', { label: 'Personal data' }, false],
  ['char_field', { label: 'Notes' }, ''],
];

function renderSubmitted() {
  const onChange = vi.fn();
  const { container } = renderWithProviders(
    <div>
      {ANSWERS.map(([type, extra, value]) => (
        <FieldInput
          key={String(extra.label)}
          field={fieldOf(type, { ...extra, tag: `f_${String(extra.label)}` })}
          value={value}
          onChange={onChange}
          onCommit={onChange}
          readOnly
          workflowId={7}
        />
      ))}
    </div>,
  );
  return { container, onChange };
}

const shownAs = (label: string) =>
  screen.getByText(label).closest('[data-field-tag]')?.querySelector('[data-read-only-value]')?.textContent;

describe('a submitted step shows its answers as values, not as inputs', () => {
  it('has no input to type into, and each answer reads as text in English', () => {
    const { container } = renderSubmitted();
    expect(container.querySelectorAll('input, textarea, [role="combobox"]')).toHaveLength(0);
    expect(shownAs('Supplier name')).toBe('Northwind Logistics GmbH');
    expect(shownAs('Contract start')).toBe('Dec 21, 2026');
    expect(shownAs('Signed on')).toBe('Mar 4, 2026');
    expect(shownAs('Annual spend')).toBe('€250,000.00');
    expect(shownAs('Score')).toBe('1,234.5');
    // The option's label and the country's name, never the stored code.
    expect(shownAs('Risk')).toBe('High');
    expect(shownAs('Country')).toBe('France');
    expect(shownAs('Personal data')).toBe('No');
    expect(shownAs('Notes')).toBe('No answer');
  });

  it('writes dates and amounts the German way in German', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await i18n.changeLanguage('de');
    renderSubmitted();
    expect(shownAs('Contract start')).toBe('21.12.2026');
    expect(shownAs('Annual spend')?.replace(/\s/g, ' ')).toBe('250.000,00 €');
    expect(shownAs('Country')).toBe('Frankreich');
    expect(shownAs('Personal data')).toBe('Nein');
  });

  it('never shows 12/21/2026 in Arabic', async () => {
    i18n.addResourceBundle('ar', 'translation', ar);
    await i18n.changeLanguage('ar');
    renderSubmitted();
    const day = shownAs('Contract start') ?? '';
    expect(day).not.toContain('12/21/2026');
    expect(day).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 21)),
    );
    expect(shownAs('Notes')).toBe(ar.fields.noAnswer);
  });

  it('marks no answer required once it can no longer change, and keeps its label', () => {
    const { container } = renderWithProviders(
      <FieldInput
        field={fieldOf('char_field', { label: 'Supplier name', required: true })}
        value="Northwind Logistics GmbH"
        onChange={vi.fn()}
        onCommit={vi.fn()}
        readOnly
        workflowId={7}
      />,
    );
    expect(shownAs('Supplier name')).toBe('Northwind Logistics GmbH');
    expect(container.textContent).not.toContain('*');
  });

  it('keeps the editable control while the step is open', () => {
    renderWithProviders(
      <FieldInput
        field={fieldOf('naive_date', { label: 'Contract start' })}
        value="2026-12-21"
        onChange={vi.fn()}
        onCommit={vi.fn()}
        workflowId={7}
      />,
    );
    expect((screen.getByLabelText('Contract start') as HTMLInputElement).value).toBe('2026-12-21');
  });
});
