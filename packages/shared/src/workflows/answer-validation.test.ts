import { describe, expect, it } from 'vitest';
import type { AnswerResult } from './answer-errors.js';
import { validateAnswer } from './answer-validation.js';
import { RELATIVE_PERIOD_MAX } from './answer-validation-text.js';
import type { FieldDefinition } from './field-schema.js';
import type { FieldType } from './field-types.js';
import { DISPLAY_ONLY_FIELD_TYPES, FIELD_TYPES, isAnswerable } from './field-types.js';

function testField(type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { tag: 'kind__group__step__field', type, label: 'Field', ...extra };
}

function codes(result: AnswerResult): string[] {
  return result.ok ? [] : result.errors.map((error) => error.code);
}

describe('validateAnswer: emptiness and required', () => {
  it.each([null, undefined, '', '   ', []])('treats %j as no answer', (value) => {
    expect(validateAnswer(testField('text'), value)).toEqual({ ok: true, value: null });
    expect(validateAnswer(testField('text', { required: true }), value)).toEqual({
      ok: false,
      errors: [{ code: 'required', params: {}, message: 'This field is required.' }],
    });
  });

  it('reads the bare https:// of an untouched URL input as no answer (spec 1 §5)', () => {
    expect(validateAnswer(testField('url'), 'https://')).toEqual({ ok: true, value: null });
    expect(codes(validateAnswer(testField('url', { required: true }), 'https://'))).toEqual(['required']);
  });

  it.each(DISPLAY_ONLY_FIELD_TYPES)('takes no answer for the display-only type %s', (type) => {
    expect(validateAnswer(testField(type), null)).toEqual({ ok: true, value: null });
    expect(validateAnswer(testField(type), 'x')).toEqual({
      ok: false,
      errors: [{ code: 'not_answerable', params: {}, message: 'This field takes no answer.' }],
    });
  });

  it('has a rule for every answerable type: a nonsense value is refused, never accepted', () => {
    const nonsense = { surely: 'not an answer' };
    for (const type of FIELD_TYPES.filter(isAnswerable)) {
      const result = validateAnswer(testField(type), nonsense);
      if (type === 'json') continue;
      expect(result.ok, type).toBe(false);
      expect(codes(result), type).not.toContain('not_answerable');
    }
  });
});

describe('validateAnswer: text', () => {
  it('trims and bounds char_field by its own or the default length', () => {
    expect(validateAnswer(testField('char_field'), '  Acme Ltd ')).toEqual({ ok: true, value: 'Acme Ltd' });
    expect(validateAnswer(testField('char_field'), 'x'.repeat(256))).toEqual({
      ok: false,
      errors: [{ code: 'too_long', params: { max: 255 }, message: 'Enter at most 255 characters.' }],
    });
    const bounded = testField('text', { validation: { min_length: 5, max_length: 10 } });
    expect(validateAnswer(bounded, 'abc')).toEqual({
      ok: false,
      errors: [{ code: 'too_short', params: { min: 5 }, message: 'Enter at least 5 characters.' }],
    });
    expect(codes(validateAnswer(bounded, 'abcdefghijk'))).toEqual(['too_long']);
    expect(validateAnswer(bounded, 'abcdef').ok).toBe(true);
  });

  it('refuses a non-string and keeps html as text within its limit', () => {
    expect(validateAnswer(testField('text'), 42)).toEqual({
      ok: false,
      errors: [{ code: 'invalid_type', params: { expected: 'text' }, message: 'Enter text.' }],
    });
    expect(validateAnswer(testField('html'), '<p>Hi</p>')).toEqual({ ok: true, value: '<p>Hi</p>' });
  });
});

describe('validateAnswer: numbers', () => {
  it('accepts numbers and numeric strings for integer, refusing fractions and out-of-range values', () => {
    const field = testField('integer', { validation: { min: 1, max: 120 } });
    expect(validateAnswer(field, '12')).toEqual({ ok: true, value: 12 });
    expect(validateAnswer(field, 12.5)).toEqual({
      ok: false,
      errors: [{ code: 'not_integer', params: {}, message: 'Enter a whole number.' }],
    });
    expect(validateAnswer(field, 0)).toEqual({
      ok: false,
      errors: [{ code: 'too_small', params: { min: 1 }, message: 'Enter a value of at least 1.' }],
    });
    expect(codes(validateAnswer(field, 121))).toEqual(['too_large']);
    expect(codes(validateAnswer(field, '12abc'))).toEqual(['invalid_type']);
    expect(codes(validateAnswer(field, Number.NaN))).toEqual(['invalid_type']);
  });

  it('limits decimal places', () => {
    const field = testField('decimal', { validation: { decimal_places: 2 } });
    expect(validateAnswer(field, '2.75')).toEqual({ ok: true, value: 2.75 });
    expect(validateAnswer(field, 2.755)).toEqual({
      ok: false,
      errors: [
        {
          code: 'too_many_decimals',
          params: { max: 2 },
          message: 'Enter a number with at most 2 decimal places.',
        },
      ],
    });
    expect(codes(validateAnswer(field, 1e-7))).toEqual(['too_many_decimals']);
  });

  it('takes a currency as an amount with an ISO 4217 code', () => {
    const field = testField('currency', { validation: { min: 0, currencies: ['USD', 'EUR'] } });
    expect(validateAnswer(field, { amount: '1250.50', currency: 'eur' })).toEqual({
      ok: true,
      value: { amount: 1250.5, currency: 'EUR' },
    });
    expect(codes(validateAnswer(field, { amount: 10, currency: 'EURO' }))).toEqual(['invalid_currency']);
    expect(validateAnswer(field, { amount: 10, currency: 'GBP' })).toEqual({
      ok: false,
      errors: [
        {
          code: 'currency_not_allowed',
          params: { allowed: 'USD, EUR' },
          message: 'Choose one of these currencies: USD, EUR.',
        },
      ],
    });
    expect(codes(validateAnswer(field, { amount: 1.005, currency: 'USD' }))).toEqual(['too_many_decimals']);
    expect(codes(validateAnswer(field, { amount: -1, currency: 'USD' }))).toEqual(['too_small']);
    expect(codes(validateAnswer(field, 10))).toEqual(['invalid_type']);
  });

  it('keeps a slider on its range and steps', () => {
    const field = testField('slider', { validation: { min: 0, max: 1, step: 0.1 } });
    expect(validateAnswer(field, 0.3)).toEqual({ ok: true, value: 0.3 });
    expect(validateAnswer(field, 0.35)).toEqual({
      ok: false,
      errors: [{ code: 'not_on_step', params: { step: 0.1 }, message: 'Enter a value in steps of 0.1.' }],
    });
    expect(codes(validateAnswer(field, 2))).toEqual(['too_large']);
  });

  it('rates from 1 to the field maximum (5 unless set, never over 10)', () => {
    expect(validateAnswer(testField('rating'), 5)).toEqual({ ok: true, value: 5 });
    expect(codes(validateAnswer(testField('rating'), 6))).toEqual(['too_large']);
    expect(codes(validateAnswer(testField('rating'), 0))).toEqual(['too_small']);
    expect(codes(validateAnswer(testField('rating', { validation: { max: 50 } }), 11))).toEqual([
      'too_large',
    ]);
    expect(codes(validateAnswer(testField('rating'), 2.5))).toEqual(['invalid_type']);
  });
});

describe('validateAnswer: yes or no', () => {
  it('answers bool with true or false, both counting as an answer', () => {
    const field = testField('bool', { required: true });
    expect(validateAnswer(field, false)).toEqual({ ok: true, value: false });
    expect(codes(validateAnswer(field, 'yes'))).toEqual(['invalid_type']);
  });

  it('needs a tick on a required checkbox', () => {
    expect(validateAnswer(testField('checkbox', { required: true }), false)).toEqual({
      ok: false,
      errors: [{ code: 'must_be_checked', params: {}, message: 'Tick this box to continue.' }],
    });
    expect(validateAnswer(testField('checkbox'), false)).toEqual({ ok: true, value: false });
  });
});

describe('validateAnswer: dates', () => {
  it('takes a naive date as a real calendar day within bounds', () => {
    const field = testField('naive_date', { validation: { min_date: '2024-01-01', max_date: '2030-12-31' } });
    expect(validateAnswer(field, '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(validateAnswer(field, '2026-02-30')).toEqual({
      ok: false,
      errors: [{ code: 'invalid_date', params: {}, message: 'Enter a valid date.' }],
    });
    expect(validateAnswer(field, '2023-12-31')).toEqual({
      ok: false,
      errors: [
        {
          code: 'date_too_early',
          params: { min: '2024-01-01' },
          message: 'Enter a date on or after 2024-01-01.',
        },
      ],
    });
    expect(codes(validateAnswer(field, '2031-01-01'))).toEqual(['date_too_late']);
    expect(codes(validateAnswer(field, '28/02/2026'))).toEqual(['invalid_date']);
  });

  it('stores a date (an instant) in UTC', () => {
    const field = testField('date');
    expect(validateAnswer(field, '2026-03-01T10:00:00+02:00')).toEqual({
      ok: true,
      value: '2026-03-01T08:00:00.000Z',
    });
    expect(validateAnswer(field, '2026-03-01')).toEqual({ ok: true, value: '2026-03-01T00:00:00.000Z' });
    expect(codes(validateAnswer(field, '2026-03-01T10:00:00'))).toEqual(['invalid_date']);
    expect(codes(validateAnswer(field, '2026-13-01T10:00:00Z'))).toEqual(['invalid_date']);
  });

  it('takes a relative date in the spec 1 §5 period format, within the per-unit maximum', () => {
    const field = testField('relative_date');
    expect(validateAnswer(field, '12M')).toEqual({ ok: true, value: '12M' });
    expect(validateAnswer(field, '-007d')).toEqual({ ok: true, value: '-7d' });
    expect(codes(validateAnswer(field, '1.5d'))).toEqual(['invalid_relative_date']);
    expect(codes(validateAnswer(field, '3y'))).toEqual(['invalid_relative_date']);
    expect(validateAnswer(field, `${RELATIVE_PERIOD_MAX.h + 1}h`)).toEqual({
      ok: false,
      errors: [
        {
          code: 'relative_date_too_large',
          params: { max: 8760, unit: 'h' },
          message: 'Enter at most 8760h.',
        },
      ],
    });
  });
});

describe('validateAnswer: contact details', () => {
  it.each([
    ['Jane.Doe@Example.COM', 'Jane.Doe@example.com'],
    [' risk+vendors@acme.co.uk ', 'risk+vendors@acme.co.uk'],
  ])('accepts the e-mail %j', (input, stored) => {
    expect(validateAnswer(testField('email'), input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    'jane',
    'jane@',
    '@acme.com',
    'jane@acme',
    'ja..ne@acme.com',
    '.jane@acme.com',
    'jane.@acme.com',
    'jane doe@acme.com',
    `${'j'.repeat(65)}@acme.com`,
  ])('refuses the e-mail %j', (input) => {
    expect(validateAnswer(testField('email'), input)).toEqual({
      ok: false,
      errors: [{ code: 'invalid_email', params: {}, message: 'Enter a valid e-mail address.' }],
    });
  });

  it('checks URLs with the shared URL rule', () => {
    expect(validateAnswer(testField('url'), 'https://acme.example.com/vendors')).toEqual({
      ok: true,
      value: 'https://acme.example.com/vendors',
    });
    expect(codes(validateAnswer(testField('url'), 'javascript:alert(1)'))).toEqual(['invalid_url']);
    expect(codes(validateAnswer(testField('url'), 'acme.com'))).toEqual(['invalid_url']);
  });

  it.each([
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 (20) 7946-0958', '+442079460958'],
    ['+1.415.555.0100', '+14155550100'],
  ])('normalises the phone number %j to E.164', (input, stored) => {
    expect(validateAnswer(testField('phone'), input)).toEqual({ ok: true, value: stored });
  });

  it.each(['020 7946 0958', '+0 123 4567', '+1234', '+1 415 555 0100 0000 0', 'call me'])(
    'refuses the phone number %j',
    (input) => {
      expect(codes(validateAnswer(testField('phone'), input))).toEqual(['invalid_phone']);
    },
  );
});

describe('validateAnswer: records and structured values', () => {
  it.each(['region', 'business_unit', 'owner', 'user_workflow', 'data_object'] as const)(
    'takes a positive integer id for %s',
    (type) => {
      expect(validateAnswer(testField(type), '7')).toEqual({ ok: true, value: 7 });
      expect(validateAnswer(testField(type), 0)).toEqual({
        ok: false,
        errors: [{ code: 'invalid_id', params: {}, message: 'Choose an existing record.' }],
      });
      expect(codes(validateAnswer(testField(type), 1.5))).toEqual(['invalid_id']);
    },
  );

  it('takes the child workflows as a list of ids, without repeats', () => {
    const field = testField('child_workflow', { child_kind_tag: 'risk_assessment' });
    expect(validateAnswer(field, [3, '4', 3])).toEqual({ ok: true, value: [3, 4] });
    expect(codes(validateAnswer(field, [3, -1]))).toEqual(['invalid_id']);
    expect(codes(validateAnswer(field, 3))).toEqual(['invalid_type']);
  });

  it('parses a JSON string (spec 2 §5) and bounds its size', () => {
    expect(validateAnswer(testField('json'), '{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(validateAnswer(testField('json'), { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(validateAnswer(testField('json'), '{nope')).toEqual({
      ok: false,
      errors: [{ code: 'invalid_json', params: {}, message: 'Enter valid JSON.' }],
    });
    expect(codes(validateAnswer(testField('json'), { big: 'x'.repeat(100_001) }))).toEqual([
      'json_too_large',
    ]);
    // Issue 12: 50,000 levels used to overflow the stack in JSON.stringify (a 500).
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    expect(codes(validateAnswer(testField('json'), deep))).toEqual(['json_too_deep']);
    expect(codes(validateAnswer(testField('dynamic_group_json'), '[1]'))).toEqual(['invalid_type']);
    expect(validateAnswer(testField('dynamic_group_json'), [{ a: 1 }]).ok).toBe(true);
  });

  it('takes an array of plain values', () => {
    expect(validateAnswer(testField('array'), ['a', 2])).toEqual({ ok: true, value: ['a', 2] });
    expect(codes(validateAnswer(testField('array'), [{}]))).toEqual(['invalid_type']);
    expect(codes(validateAnswer(testField('array'), Array(201).fill('a')))).toEqual(['too_many_items']);
  });
});

describe('validateAnswer: tables', () => {
  const table = testField('table', {
    validation: { min_rows: 1, max_rows: 3 },
    columns: [
      { tag: 'clause', type: 'char_field', label: 'Clause', required: true },
      { tag: 'present', type: 'bool', label: 'Present', required: true },
      { tag: 'cap', type: 'integer', label: 'Cap', validation: { min: 0 } },
    ],
  });

  it('validates each cell by its column and keeps only known columns', () => {
    expect(validateAnswer(table, [{ clause: ' Liability ', present: true, extra: 'x' }])).toEqual({
      ok: true,
      value: [{ clause: 'Liability', present: true, cap: null }],
    });
  });

  it('names the row and column of a bad cell', () => {
    expect(
      validateAnswer(table, [
        { clause: 'Liability', present: true },
        { present: 'yes', cap: -1 },
      ]),
    ).toEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_cell',
          params: {
            row: 2,
            column: 'Clause',
            column_tag: 'clause',
            cell_code: 'required',
            detail: 'This field is required.',
          },
          message: 'Row 2, Clause: This field is required.',
        },
        {
          code: 'invalid_cell',
          params: {
            row: 2,
            column: 'Present',
            column_tag: 'present',
            cell_code: 'invalid_type',
            detail: 'Enter yes or no.',
          },
          message: 'Row 2, Present: Enter yes or no.',
        },
        {
          code: 'invalid_cell',
          params: {
            row: 2,
            column: 'Cap',
            column_tag: 'cap',
            cell_code: 'too_small',
            detail: 'Enter a value of at least 0.',
          },
          message: 'Row 2, Cap: Enter a value of at least 0.',
        },
      ],
    });
  });

  it('bounds the number of rows', () => {
    const row = { clause: 'A', present: false };
    expect(codes(validateAnswer(table, [row, row, row, row]))).toEqual(['too_many_rows']);
    expect(codes(validateAnswer(table, ['not a row']))).toEqual(['invalid_type']);
    expect(
      codes(validateAnswer(testField('table', { columns: table.columns }), Array(101).fill(row))),
    ).toEqual(['too_many_rows']);
  });
});
