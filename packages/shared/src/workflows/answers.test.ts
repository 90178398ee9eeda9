import { describe, expect, it } from 'vitest';
import { isEmptyAnswer } from './answers.js';

describe('isEmptyAnswer', () => {
  it.each([null, undefined, '', '  \n', []])('sees %j as unanswered', (value) => {
    expect(isEmptyAnswer(value)).toBe(true);
  });

  it.each([false, 0, 'x', ['a'], {}])('sees %j as an answer', (value) => {
    expect(isEmptyAnswer(value)).toBe(false);
  });
});
