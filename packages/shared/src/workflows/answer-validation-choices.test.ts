import { describe, expect, it } from 'vitest';
import type { AnswerResult } from './answer-errors.js';
import { validateAnswer } from './answer-validation.js';
import type { FieldDefinition } from './field-schema.js';
import type { FieldType } from './field-types.js';

function testField(type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { tag: 'kind__group__step__field', type, label: 'Field', ...extra };
}

function codes(result: AnswerResult): string[] {
  return result.ok ? [] : result.errors.map((error) => error.code);
}

const options = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

describe('single choices', () => {
  it.each(['single_select', 'radio'] as const)('%s takes one of its option values', (type) => {
    const field = testField(type, { options });
    expect(validateAnswer(field, 'high')).toEqual({ ok: true, value: 'high' });
    expect(validateAnswer(field, 'extreme')).toEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_option',
          params: { value: 'extreme' },
          message: "'extreme' is not one of the choices.",
        },
      ],
    });
    expect(codes(validateAnswer(field, ['high']))).toEqual(['invalid_type']);
  });
});

describe('multiple choices', () => {
  const field = testField('multi_select', { options, validation: { min_selections: 2, max_selections: 2 } });

  it('takes option values within the selection bounds', () => {
    expect(validateAnswer(field, ['low', 'high'])).toEqual({ ok: true, value: ['low', 'high'] });
    expect(validateAnswer(field, ['low'])).toEqual({
      ok: false,
      errors: [{ code: 'too_few_selections', params: { min: 2 }, message: 'Choose at least 2.' }],
    });
    expect(validateAnswer(field, ['low', 'medium', 'high'])).toEqual({
      ok: false,
      errors: [{ code: 'too_many_selections', params: { max: 2 }, message: 'Choose at most 2.' }],
    });
  });

  it('refuses unknown and repeated values', () => {
    expect(codes(validateAnswer(field, ['low', 'nope']))).toEqual(['invalid_option']);
    expect(validateAnswer(field, ['low', 'low'])).toEqual({
      ok: false,
      errors: [
        { code: 'duplicate_option', params: { value: 'low' }, message: "'low' is chosen more than once." },
      ],
    });
    expect(codes(validateAnswer(field, 'low'))).toEqual(['invalid_type']);
  });

  it('treats grouped checkboxes as a multiple choice', () => {
    const grouped = testField('grouped_checkbox', {
      options: [
        { value: 'mfa', label: 'MFA', group: 'Access' },
        { value: 'dlp', label: 'DLP', group: 'Data' },
      ],
    });
    expect(validateAnswer(grouped, ['dlp', 'mfa'])).toEqual({ ok: true, value: ['dlp', 'mfa'] });
    expect(codes(validateAnswer(grouped, ['sso']))).toEqual(['invalid_option']);
  });
});

describe('cascader', () => {
  const field = testField('cascader', {
    cascader_options: [
      { value: 'emea', label: 'EMEA', children: [{ value: 'uk', label: 'UK' }] },
      { value: 'apac', label: 'APAC' },
    ],
  });

  it('takes a path from the top down to a leaf', () => {
    expect(validateAnswer(field, ['emea', 'uk'])).toEqual({ ok: true, value: ['emea', 'uk'] });
    expect(validateAnswer(field, ['apac'])).toEqual({ ok: true, value: ['apac'] });
  });

  it('refuses a path that stops half-way or leaves the tree', () => {
    expect(validateAnswer(field, ['emea'])).toEqual({
      ok: false,
      errors: [
        { code: 'invalid_option', params: { value: 'emea' }, message: "'emea' is not one of the choices." },
      ],
    });
    expect(codes(validateAnswer(field, ['apac', 'uk']))).toEqual(['invalid_option']);
    expect(codes(validateAnswer(field, ['uk']))).toEqual(['invalid_option']);
  });
});

describe('countries', () => {
  it('takes an ISO 3166 alpha-2 code in any case and stores it upper-case', () => {
    expect(validateAnswer(testField('country_single_select'), 'gb')).toEqual({ ok: true, value: 'GB' });
    expect(validateAnswer(testField('country_single_select'), 'UK')).toEqual({
      ok: false,
      errors: [
        { code: 'invalid_country', params: { value: 'UK' }, message: "'UK' is not a country code we know." },
      ],
    });
  });

  it('keeps to the countries the field allows', () => {
    const field = testField('country_multi_select', {
      validation: { countries: ['DE', 'FR'], max_selections: 2 },
    });
    expect(validateAnswer(field, ['de', 'FR'])).toEqual({ ok: true, value: ['DE', 'FR'] });
    expect(validateAnswer(field, ['US'])).toEqual({
      ok: false,
      errors: [
        {
          code: 'country_not_allowed',
          params: { value: 'US' },
          message: "'US' is not one of the countries allowed here.",
        },
      ],
    });
    expect(codes(validateAnswer(field, ['DE', 'DE']))).toEqual(['duplicate_option']);
  });
});

describe('badge tags', () => {
  it('takes free short tags, trimmed, up to the limit', () => {
    const field = testField('badge_tags', { validation: { max_selections: 2 } });
    expect(validateAnswer(field, [' critical ', 'gdpr'])).toEqual({ ok: true, value: ['critical', 'gdpr'] });
    expect(codes(validateAnswer(field, ['a', 'b', 'c']))).toEqual(['too_many_selections']);
    expect(codes(validateAnswer(field, ['x'.repeat(51)]))).toEqual(['too_long']);
    expect(codes(validateAnswer(field, ['a', 'a']))).toEqual(['duplicate_option']);
  });

  it('keeps to the listed tags when the field lists them', () => {
    const field = testField('badge_tags', { options: [{ value: 'critical', label: 'Critical' }] });
    expect(codes(validateAnswer(field, ['other']))).toEqual(['invalid_option']);
    expect(codes(validateAnswer(testField('badge_tags'), Array(21).fill('t')))).toContain(
      'too_many_selections',
    );
  });
});
