import { type AnswerError, answerError, type FieldDefinition } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import fr from '../../../../locales/fr.json';
import { renderWithProviders } from '../../../../test/render';
import { fieldOf } from './field-fixtures';
import { FieldInput, validateLocally } from './field-input';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderField(
  props: Partial<Parameters<typeof FieldInput>[0]> & Pick<Parameters<typeof FieldInput>[0], 'field'>,
) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  renderWithProviders(
    <FieldInput value={undefined} onChange={onChange} onCommit={onCommit} workflowId={7} {...props} />,
  );
  return { onChange, onCommit };
}

describe('text fields', () => {
  it('hands every keystroke to onChange and saves on blur, once, only after an edit', () => {
    const { onChange, onCommit } = renderField({ field: fieldOf('char_field', { label: 'Supplier name' }) });
    const input = screen.getByLabelText(/Supplier name/);
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Acme' } });
    expect(onChange).toHaveBeenLastCalledWith('Acme');
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith('Acme');
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('saves a cleared text as null and counts characters against max_length', () => {
    const { onCommit } = renderField({
      field: fieldOf('char_field', { label: 'Code', validation: { max_length: 10 } }),
      value: 'abc',
    });
    expect(screen.getByText('3 / 10')).toBeTruthy();
    const input = screen.getByLabelText(/Code/);
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith(null);
  });

  it('starts an empty URL input from https://, which alone saves nothing', () => {
    const { onCommit } = renderField({ field: fieldOf('url', { label: 'Website' }) });
    const input = screen.getByLabelText(/Website/) as HTMLInputElement;
    fireEvent.focus(input);
    expect(input.value).toBe('https://');
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
  });
});

// The page keeps what onChange hands over as its draft and passes it back as the value.
function EchoingPage({ field, initial }: { field: FieldDefinition; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return <FieldInput field={field} value={value} onChange={setValue} onCommit={setValue} workflowId={7} />;
}

describe('a page echoing the draft', () => {
  it('leaves JSON as typed while the page echoes it', () => {
    renderWithProviders(<EchoingPage field={fieldOf('json', { label: 'Payload' })} />);
    const input = screen.getByLabelText(/Payload/) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '{"a":1}' } });
    expect(input.value).toBe('{"a":1}');
  });

  it('keeps the chosen currency while the amount is cleared', () => {
    const field = fieldOf('currency', { label: 'Spend', validation: { currencies: ['EUR', 'USD'] } });
    renderWithProviders(<EchoingPage field={field} initial={{ amount: 5, currency: 'USD' }} />);
    fireEvent.change(screen.getByLabelText(/Spend/), { target: { value: '' } });
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement).value).toMatch(/^USD/);
  });

  it('shows the whole chosen currency code, with the names in the list, found by name too', async () => {
    const field = fieldOf('currency', { label: 'Spend', validation: { currencies: ['EUR', 'USD', 'GBP'] } });
    renderWithProviders(<EchoingPage field={field} initial={{ amount: 5, currency: 'USD' }} />);
    const box = screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement;
    // Not 'USD · US Do' cut by the box's width.
    expect(box.value).toBe('USD');
    box.focus();
    fireEvent.change(box, { target: { value: 'pound' } });
    const option = await screen.findByRole('option', { name: /GBP/ });
    expect(option.textContent).toBe('GBP · British Pound');
    expect(screen.queryByRole('option', { name: /EUR/ })).toBeNull();
  });
});

describe('choice fields', () => {
  it('saves a select as soon as an option is picked', async () => {
    const { onCommit, onChange } = renderField({ field: fieldOf('single_select', { label: 'Risk' }) });
    fireEvent.click(screen.getByRole('combobox', { name: /Risk/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'High' }));
    expect(onChange).toHaveBeenCalledWith('high');
    expect(onCommit).toHaveBeenCalledWith('high');
  });

  it('saves yes or no as a boolean', () => {
    const { onCommit } = renderField({ field: fieldOf('bool', { label: 'Sanctioned' }) });
    expect(screen.getByRole('radiogroup', { name: /Sanctioned/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onCommit).toHaveBeenCalledWith(false);
  });

  it('saves a cascader path once a leaf is chosen', async () => {
    const { onCommit, onChange } = renderField({ field: fieldOf('cascader', { label: 'Place' }) });
    fireEvent.click(screen.getByRole('combobox', { name: /^Place/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Europe' }));
    expect(onChange).toHaveBeenLastCalledWith(['eu']);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('combobox', { name: 'Place, level 2' }));
    fireEvent.click(await screen.findByRole('option', { name: 'France' }));
    expect(onCommit).toHaveBeenCalledWith(['eu', 'fr']);
  });
});

describe('errors', () => {
  it('shows a required error translated, tied to the control', async () => {
    i18n.addResourceBundle('fr', 'translation', fr);
    await i18n.changeLanguage('fr');
    const field = fieldOf('char_field', { label: 'Nom', required: true, help: 'Le nom légal.' });
    renderField({ field, errors: validateLocally(field, '') });
    const input = screen.getByLabelText(/Nom/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Ce champ est obligatoire.');
    expect(texts).toContain('Le nom légal.');
  });

  it('shows the range error of a number with its bound', async () => {
    const field = fieldOf('decimal', { label: 'Turnover', validation: { min: 0, max: 100 } });
    const errors = validateLocally(field, 150);
    expect(errors.map((e) => e.code)).toEqual(['too_large']);
    const { onCommit } = renderField({ field, errors, value: 150 });
    expect(screen.getByText('Enter a value of at most 100.')).toBeTruthy();
    // Out-of-range numbers are kept as typed, never clamped behind the user's back.
    const input = screen.getByLabelText(/Turnover/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.blur(input);
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith(250));
  });

  it("falls back to the engine's English message for a code without a translation", async () => {
    const field = fieldOf('char_field', { label: 'Code' });
    // A code added to the engine after this bundle was written.
    const error = {
      ...answerError('too_short', { min: 4 }),
      code: 'brand_new',
      message: 'Engine says: at least 4.',
    };
    renderField({ field, errors: [error as unknown as AnswerError] });
    expect(screen.getByText('Engine says: at least 4.')).toBeTruthy();
  });
});
