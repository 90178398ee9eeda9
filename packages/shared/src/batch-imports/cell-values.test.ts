import { describe, expect, it } from 'vitest';
import { validateAnswer } from '../workflows/answer-validation.js';
import type { AnswerField } from '../workflows/field-schema.js';
import { cellToAnswer, isImportableFieldType, readDay, splitList } from './cell-values.js';

const field = (type: AnswerField['type'], extra: Partial<AnswerField> = {}) =>
  ({ tag: 'f', label: 'F', type, ...extra }) as AnswerField;

// What a cell ends as once the field's own validation has judged it: the stored value, or messages.
function imported(f: AnswerField, cell: string): unknown {
  const read = cellToAnswer(f, cell);
  if (!read.ok) return [read.problem.message];
  const result = validateAnswer(f, read.value);
  return result.ok ? result.value : result.errors.map((e) => e.message);
}

const tiers = field('single_select', {
  options: [
    { value: 'strategic', label: 'Strategic' },
    { value: 'tail', label: 'Tail spend' },
  ],
});

describe('cellToAnswer', () => {
  it('reads an empty cell as no answer, so a required field says so', () => {
    expect(imported(field('char_field'), '  ')).toBeNull();
    expect(imported(field('char_field', { required: true }), '')).toEqual(['This field is required.']);
  });

  it('reads numbers with grouped thousands and refuses words with the field message', () => {
    expect(imported(field('integer'), '1,234,567')).toBe(1234567);
    expect(imported(field('decimal'), ' -12.5 ')).toBe(-12.5);
    expect(imported(field('decimal'), '1 234.5')).toBe(1234.5);
    expect(imported(field('integer'), 'twelve')).toEqual(['Enter a number.']);
    expect(imported(field('integer', { validation: { max: 10 } }), '11')).toEqual([
      'Enter a value of at most 10.',
    ]);
  });

  it('reads yes and no in several spellings', () => {
    for (const yes of ['yes', 'TRUE', '1', 'Y', 'x']) expect(imported(field('bool'), yes)).toBe(true);
    for (const no of ['no', 'False', '0', 'N']) expect(imported(field('bool'), no)).toBe(false);
    expect(imported(field('bool'), 'maybe')).toEqual(['Enter yes or no.']);
  });

  it('picks an option by value or label, and names one that is not a choice', () => {
    expect(imported(tiers, 'tail')).toBe('tail');
    expect(imported(tiers, 'tail SPEND')).toBe('tail');
    expect(imported(tiers, 'Other')).toEqual(["'Other' is not one of the choices."]);
    const multi = { ...tiers, type: 'multi_select' } as AnswerField;
    expect(imported(multi, 'Strategic; Tail spend')).toEqual(['strategic', 'tail']);
  });

  it('reads a country by code or English name', () => {
    expect(imported(field('country_single_select'), 'de')).toBe('DE');
    expect(imported(field('country_single_select'), 'Germany')).toBe('DE');
    expect(imported(field('country_single_select'), 'Côte d’Ivoire')).toBe('CI');
    expect(imported(field('country_multi_select'), 'France, United Kingdom')).toEqual(['FR', 'GB']);
    expect(imported(field('country_single_select'), 'Atlantis')).toEqual([
      "'ATLANTIS' is not a country code we know.",
    ]);
  });

  it('reads days in ISO and unambiguous local forms, and refuses to guess', () => {
    expect(imported(field('naive_date'), '2026-03-04')).toBe('2026-03-04');
    expect(imported(field('naive_date'), '2026/3/4')).toBe('2026-03-04');
    expect(imported(field('naive_date'), '04.03.2026')).toBe('2026-03-04');
    expect(imported(field('naive_date'), '25/12/2026')).toBe('2026-12-25');
    expect(imported(field('naive_date'), '12/25/2026')).toBe('2026-12-25');
    expect(imported(field('date'), '2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(imported(field('naive_date'), '03/04/2026')).toEqual([
      "Write the date as YYYY-MM-DD: '03/04/2026' could be read as two different days.",
    ]);
    const problem = cellToAnswer(field('naive_date'), '03/04/2026');
    expect(problem.ok ? null : problem.problem.code).toBe('ambiguous_date');
    expect(imported(field('naive_date'), '2026-02-30')).toEqual(['Enter a valid date.']);
    expect(readDay('31.13.2026')).toEqual({ day: '2026-13-31' });
  });

  it('reads an amount with its currency on either side', () => {
    expect(imported(field('currency'), 'EUR 1,200.50')).toEqual({ amount: 1200.5, currency: 'EUR' });
    expect(imported(field('currency'), '99 usd')).toEqual({ amount: 99, currency: 'USD' });
    expect(imported(field('currency', { validation: { currencies: ['GBP'] } }), '10')).toEqual({
      amount: 10,
      currency: 'GBP',
    });
    expect(imported(field('currency'), '10')).toEqual(['Choose a currency by its three-letter ISO code.']);
  });

  it('keeps text as written, and checks e-mail addresses with their own message', () => {
    expect(imported(field('char_field'), ' Acme Ltd ')).toBe('Acme Ltd');
    expect(imported(field('email'), 'not-an-address')).toEqual(['Enter a valid e-mail address.']);
  });

  it('takes a record by its id only', () => {
    expect(imported(field('data_object'), '42')).toBe(42);
    expect(imported(field('data_object'), 'Acme Ltd')).toEqual(['Choose an existing record.']);
  });

  it('reads cascader paths by label and refuses file fields', () => {
    const place = field('cascader', {
      cascader_options: [{ value: 'eu', label: 'Europe', children: [{ value: 'de', label: 'Germany' }] }],
    });
    expect(imported(place, 'Europe / Germany')).toEqual(['eu', 'de']);
    expect(isImportableFieldType('file')).toBe(false);
    expect(isImportableFieldType('email')).toBe(true);
    expect(imported(field('file'), 'contract.pdf')).toEqual(['This field takes no answer.']);
  });

  it('splits lists on semicolons, else commas', () => {
    expect(splitList('a, b;c')).toEqual(['a, b', 'c']);
    expect(splitList('a, b, ,c')).toEqual(['a', 'b', 'c']);
  });
});
