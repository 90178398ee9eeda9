import { describe, expect, it } from 'vitest';
import { LoginRequestSchema } from '../auth.js';
import { ReportConfigSchema } from '../reports/config.js';
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

// The shared schemas are built on text(), so the browser refuses NUL before sending it (issue 12.5).
describe('the shared request schemas', () => {
  it('refuse NUL in the sign-in e-mail and in a report label', () => {
    const login = LoginRequestSchema.safeParse({ email: 'ada@example.test\u0000', password: 'x' });
    expect(login.error?.issues.map((issue) => issue.message)).toContain(INPUT_LIMIT_MESSAGES.nulCharacter);
    const report = ReportConfigSchema.safeParse({ operations: [{ function: 'count', label: 'a\u0000' }] });
    expect(report.error?.issues.map((issue) => issue.message)).toContain(INPUT_LIMIT_MESSAGES.nulCharacter);
  });
});
