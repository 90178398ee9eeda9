import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './field-schema.js';
import type { FieldType } from './field-types.js';
import { answerSearchColumns, SEARCH_TEXT_MAX_LENGTH } from './search-columns.js';

function field(type: FieldType): FieldDefinition {
  return { tag: 'kind__group__step__field', type, label: 'Field' };
}

describe('answerSearchColumns', () => {
  it.each<[FieldType, unknown, { text: string | null; number: number | null; date: string | null }]>([
    ['char_field', 'Northwind', { text: 'Northwind', number: null, date: null }],
    ['integer', 42, { text: '42', number: 42, date: null }],
    ['currency', { amount: 1250.5, currency: 'EUR' }, { text: 'EUR', number: 1250.5, date: null }],
    ['bool', false, { text: 'false', number: 0, date: null }],
    ['checkbox', true, { text: 'true', number: 1, date: null }],
    ['naive_date', '2026-04-01', { text: '2026-04-01', number: null, date: '2026-04-01' }],
    [
      'date',
      '2026-04-01T08:00:00.000Z',
      { text: '2026-04-01T08:00:00.000Z', number: null, date: '2026-04-01T08:00:00.000Z' },
    ],
    ['region', 3, { text: '3', number: 3, date: null }],
    ['single_select', 'high', { text: 'high', number: null, date: null }],
    ['multi_select', ['mfa', 'dlp'], { text: 'mfa\ndlp', number: 2, date: null }],
    ['cascader', ['emea', 'uk'], { text: 'emea\nuk', number: 2, date: null }],
    ['country_single_select', 'DE', { text: 'DE', number: null, date: null }],
    ['child_workflow', [4, 5], { text: null, number: 2, date: null }],
    [
      'multi_file',
      [
        { id: 1, name: 'a.pdf', size: 1, content_type: 'application/pdf' },
        { id: 2, name: 'b.pdf', size: 1, content_type: 'application/pdf' },
      ],
      { text: 'a.pdf\nb.pdf', number: null, date: null },
    ],
    ['json', { a: 1 }, { text: '{"a":1}', number: null, date: null }],
    ['table', [{}, {}], { text: null, number: 2, date: null }],
  ])('projects a %s answer', (type, value, expected) => {
    expect(answerSearchColumns(field(type), value)).toEqual(expected);
  });

  it('projects nothing for no answer or a display-only field', () => {
    const none = { text: null, number: null, date: null };
    expect(answerSearchColumns(field('text'), null)).toEqual(none);
    expect(answerSearchColumns(field('multi_select'), [])).toEqual(none);
    expect(answerSearchColumns(field('paragraph'), 'x')).toEqual(none);
  });

  it('clips long text to what an index holds', () => {
    expect(answerSearchColumns(field('text'), 'x'.repeat(5000)).text).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
  });
});
