import { describe, expect, it } from 'vitest';
import { INPUT_LIMIT_MESSAGES, text } from './input-limits.js';

describe('text()', () => {
  it('refuses the NUL character, which PostgreSQL cannot store, with a clear message', () => {
    const result = text().max(20).safeParse('ada\u0000@example.test');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INPUT_LIMIT_MESSAGES.nulCharacter]);
  });

  it('accepts any other text and keeps the checks chained after it', () => {
    expect(text().max(20).safeParse('Zoë ✓ \u0001 tab\t').success).toBe(true);
    expect(text().max(3).safeParse('abcd').success).toBe(false);
  });
});
