import { ANSWER_ERROR_MESSAGES, type AnswerErrorCode, answerError } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import en from '../../../locales/en.json';
import { answerErrorText } from './answer-error-text';

// Every param any code reads, so each English template is filled completely.
const PARAMS = {
  expected: 'a number',
  min: 3,
  max: 5,
  step: 0.5,
  allowed: 'EUR, USD',
  value: 'xx',
  unit: 'd',
  name: 'report.pdf',
  max_mb: 2,
  row: 2,
  column: 'Amount',
  detail: 'Enter a number.',
};

describe('answerErrorText', () => {
  it('has an English translation for every code that reads exactly as the engine message', () => {
    const codes = Object.keys(ANSWER_ERROR_MESSAGES) as AnswerErrorCode[];
    expect(Object.keys(en.answerErrors).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(answerErrorText(i18n.t, answerError(code, PARAMS))).toBe(ANSWER_ERROR_MESSAGES[code](PARAMS));
    }
  });

  it('translates what invalid_type expected', () => {
    i18n.addResourceBundle('de', 'translation', {
      answerErrors: { invalid_type: 'Geben Sie {{expected}} ein.' },
      fields: { expected: { a_number: 'eine Zahl' } },
    });
    const de = i18n.getFixedT('de');
    expect(answerErrorText(de, answerError('invalid_type', { expected: 'a number' }))).toBe(
      'Geben Sie eine Zahl ein.',
    );
    expect(answerErrorText(i18n.t, answerError('invalid_type', { expected: 'an e-mail address' }))).toBe(
      'Enter an e-mail address.',
    );
  });

  it('translates a table cell error by its cell code when that message takes no params', () => {
    const cell = answerError('invalid_cell', {
      row: 1,
      column: 'E-mail',
      column_tag: 'email',
      cell_code: 'invalid_email',
      detail: 'Enter a valid e-mail address.',
    });
    i18n.addResourceBundle('fr', 'translation', {
      answerErrors: {
        invalid_cell: 'Ligne {{row}}, {{column}} : {{detail}}',
        invalid_email: 'Adresse invalide.',
      },
    });
    const fr = i18n.getFixedT('fr');
    expect(answerErrorText(fr, cell)).toBe('Ligne 1, E-mail : Adresse invalide.');
    const withParams = answerError('invalid_cell', {
      row: 1,
      column: 'Qty',
      cell_code: 'too_large',
      detail: 'Enter a value of at most 9.',
    });
    expect(answerErrorText(fr, withParams)).toBe('Ligne 1, Qty : Enter a value of at most 9.');
  });
});
