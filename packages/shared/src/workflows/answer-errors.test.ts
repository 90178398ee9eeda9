import { describe, expect, it } from 'vitest';
import { ANSWER_ERROR_MESSAGES, answerError } from './answer-errors.js';

describe('answer error messages', () => {
  it('gives every code a clear English sentence', () => {
    const params = { min: 1, max: 2, expected: 'text', value: 'x', name: 'a.pdf', max_mb: 1, allowed: 'A' };
    for (const code of Object.keys(ANSWER_ERROR_MESSAGES) as (keyof typeof ANSWER_ERROR_MESSAGES)[]) {
      const { message } = answerError(code, {
        ...params,
        step: 1,
        unit: 'd',
        row: 1,
        column: 'C',
        detail: 'D.',
      });
      expect(message, code).toMatch(/^[A-Z'].*[.]$/);
      expect(message, code).not.toContain('undefined');
    }
  });

  it('keeps the code and params for the web app to translate', () => {
    expect(answerError('too_long', { max: 10 })).toEqual({
      code: 'too_long',
      params: { max: 10 },
      message: 'Enter at most 10 characters.',
    });
  });
});
